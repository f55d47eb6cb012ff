import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useUserProfile } from '../api/use-profile-ranking';
import { UserAvatar } from './user-avatar';

const monthYear = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' });

/** 'Membro desde' month and year in pt-BR ('novembro de 2026'). */
export function memberSinceLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : monthYear.format(date);
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg bg-surface-2 px-3 py-2.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-semibold">{children}</dd>
    </div>
  );
}

/** The user profile modal: opened from a post's or a comment's author and from a ranking entry. */
export function ProfileModal({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const query = useUserProfile(userId);
  const failed = query.isError;
  useEffect(() => {
    if (failed) toast.error('Não foi possível carregar o perfil do usuário');
  }, [failed]);
  const profile = query.data;

  return (
    <Dialog open={Boolean(userId)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Perfil do membro" className="max-w-sm">
        {query.isPending ? (
          <div role="status" aria-label="Carregando perfil" className="flex justify-center py-8">
            <Spinner className="h-6 w-6 text-primary" />
          </div>
        ) : failed || !profile ? (
          <p role="alert" className="text-sm text-red-300">
            Não foi possível carregar o perfil do usuário
          </p>
        ) : (
          <div className="space-y-4">
            <div className="flex flex-col items-center gap-2 text-center">
              <UserAvatar name={profile.name} avatar={profile.avatar} size="xl" />
              <p className="text-lg font-semibold [overflow-wrap:anywhere]">{profile.name}</p>
            </div>
            <dl className="space-y-2">
              <Row label="ID">{profile.uniqueId}</Row>
              <Row label="Instagram">
                {profile.instagram ? `@${profile.instagram.replace(/^@/, '')}` : '—'}
              </Row>
              <Row label="Pontos">{formatCount(profile.totalLikesReceived)}</Row>
              <Row label="Membro desde">{memberSinceLabel(profile.memberSince)}</Row>
            </dl>
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Fechar</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
