// The browser's calls of the ApiKey endpoints (issue 29).
import { api } from '../api-client';
import { endpoint } from '../api/endpoint';
import type { ApiKeyItem, CreateApiKeyInput, CreatedApiKey, UpdateApiKeyLimits } from './schemas';

export const API_KEY_PATHS = { mine: endpoint('GET /api/ApiKey/getMyKeys'), all: endpoint('GET /api/ApiKey/getAll') } as const;

export const apiKeysApi = {
  create: (body: CreateApiKeyInput) => api.post<CreatedApiKey>(endpoint('POST /api/ApiKey/create'), body),
  revoke: (id: number) => api.delete(endpoint('DELETE /api/ApiKey/[id]', { id })),
  updateLimits: (body: UpdateApiKeyLimits) => api.put<ApiKeyItem>(endpoint('PUT /api/ApiKey/updateLimits'), body),
};
