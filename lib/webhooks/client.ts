// The browser's calls of the Webhook endpoints (issue 50), typed by their contract.
import { apiCall } from '../api/client';
import type { CreateWebhookInput, UpdateWebhookInput } from './schemas';

export const webhooksApi = {
  list: () => apiCall('GET /api/Webhook/getMyEndpoints'),
  create: (body: CreateWebhookInput) => apiCall('POST /api/Webhook/create', { body }),
  update: (body: UpdateWebhookInput) => apiCall('PUT /api/Webhook/update', { body }),
  remove: (id: number) => apiCall('DELETE /api/Webhook/[id]', { params: { id } }),
  rotateSecret: (id: number) => apiCall('POST /api/Webhook/rotateSecret', { body: { Id: id } }),
  test: (id: number) => apiCall('POST /api/Webhook/test', { body: { Id: id } }),
  resend: (deliveryId: number) => apiCall('POST /api/Webhook/resend', { body: { DeliveryId: deliveryId } }),
};
