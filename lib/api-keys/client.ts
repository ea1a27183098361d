// The browser's calls of the ApiKey endpoints (issue 29).
import { api } from '../api-client';
import type { ApiKeyItem, CreateApiKeyInput, CreatedApiKey, UpdateApiKeyLimits } from './schemas';

export const API_KEY_PATHS = { mine: '/api/ApiKey/getMyKeys', all: '/api/ApiKey/getAll' } as const;

export const apiKeysApi = {
  create: (body: CreateApiKeyInput) => api.post<CreatedApiKey>('/api/ApiKey/create', body),
  revoke: (id: number) => api.delete(`/api/ApiKey/${id}`),
  updateLimits: (body: UpdateApiKeyLimits) => api.put<ApiKeyItem>('/api/ApiKey/updateLimits', body),
};
