import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookEventsCard } from './webhook-events-card';
import { WebhookMappingsCard } from './webhook-mappings-card';
import { WebhookTestCard } from './webhook-test-card';

export function WebhooksTab() {
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <WebhookEndpointCard />
        <WebhookTestCard />
      </div>
      <WebhookMappingsCard />
      <WebhookEventsCard />
    </div>
  );
}
