// The browser's calls of the Crm endpoints (issue 50, decisions 097 and 109), typed by their contract.
import { apiCall } from '../api/client';
import type { CrmConnectInput, CrmProvider, CrmSyncGroupsInput } from './schemas';

export const crmApi = {
  connections: (background = false) => apiCall('GET /api/Crm/getConnections', { background }),
  connect: (body: CrmConnectInput) => apiCall('POST /api/Crm/connect', { body }),
  disconnect: (Provider: CrmProvider) => apiCall('POST /api/Crm/disconnect', { body: { Provider } }),
  pushGroup: (Provider: CrmProvider, GroupId: number) => apiCall('POST /api/Crm/pushGroup', { body: { Provider, GroupId } }),
  pushCompanies: (Provider: CrmProvider, Cuis: number[]) => apiCall('POST /api/Crm/pushCompanies', { body: { Provider, Cuis } }),
  pushGroups: (Provider: CrmProvider, GroupIds: number[]) => apiCall('POST /api/Crm/pushGroups', { body: { Provider, GroupIds } }),
  setSyncGroups: (body: CrmSyncGroupsInput) => apiCall('POST /api/Crm/setSyncGroups', { body }),
  pull: (Provider: CrmProvider) => apiCall('POST /api/Crm/pull', { body: { Provider } }),
  syncLog: () => apiCall('GET /api/Crm/getSyncLog', { background: true }),
  oauthProviders: () => apiCall('GET /api/Crm/getOAuthProviders', { background: true }),
  startOAuth: (Provider: CrmProvider) => apiCall('POST /api/Crm/startOAuth', { body: { Provider } }),
};
