// The browser's calls of the ApiKey endpoints (issue 29), typed by their contract.
import { apiCall } from '../api/client';
import type { CreateApiKeyInput, UpdateApiKeyLimits } from './schemas';

export const apiKeysApi = {
  create: (body: CreateApiKeyInput) => apiCall('POST /api/ApiKey/create', { body }),
  revoke: (id: number) => apiCall('DELETE /api/ApiKey/[id]', { params: { id } }),
  updateLimits: (body: UpdateApiKeyLimits) => apiCall('PUT /api/ApiKey/updateLimits', { body }),
};
