import { describe, expect, it } from 'vitest';
import { eventLabel, planSlugLabel, prettyRawData } from './webhook-labels';

describe('webhook labels', () => {
  it('pretty-prints valid JSON and keeps anything else as received', () => {
    expect(prettyRawData('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyRawData('not json {')).toBe('not json {');
  });

  it('names events and plans in Portuguese, falling back to the raw value', () => {
    expect(eventLabel('Subscription_Expired')).toBe('Assinatura Expirada');
    expect(eventLabel('Other_Event')).toBe('Other_Event');
    expect(eventLabel('Recurrent_Payment')).toBe('Pagamento Recorrente');
    expect(eventLabel('PAYMENT_REFUND')).toBe('Pagamento Reembolsado');
    expect(planSlugLabel('mentoria-semestral')).toBe('Mentoria Semestral');
    expect(planSlugLabel(null)).toBe('—');
  });
});
