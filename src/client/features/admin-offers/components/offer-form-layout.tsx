import type { ReactNode } from 'react';
import { FormSection } from '../../../components/offer-form/offer-form-fields';
import { Card } from '../../../components/ui/card';

/**
 * The two-column frame of the admin's offer forms: the creative on the left (sticky on wide screens), the
 * fields on the right, the actions at the bottom; one column on phones.
 */
export function OfferFormLayout({
  creative,
  children,
  actions,
}: {
  creative: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="h-fit lg:sticky lg:top-4">
        <FormSection title="Criativo">{creative}</FormSection>
      </Card>
      <Card className="space-y-8">
        {children}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
          {actions}
        </div>
      </Card>
    </div>
  );
}
