import { useState } from 'react';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookEventsCard } from './webhook-events-card';
import { WebhookMappingsCard } from './webhook-mappings-card';
import { WebhookTestCard } from './webhook-test-card';

export function WebhooksTab() {
  // 'Mapear' in the history fills the mapping form with that product (a new object each time, so a second click on
  // the same product focuses the form again).
  const [mapProduct, setMapProduct] = useState<{ productId: string } | null>(null);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <WebhookEndpointCard />
        <WebhookTestCard />
      </div>
      <WebhookMappingsCard prefill={mapProduct} />
      <WebhookEventsCard onMapProduct={(productId) => setMapProduct({ productId })} />
    </div>
  );
}
