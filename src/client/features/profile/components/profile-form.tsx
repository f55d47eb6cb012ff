import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { updateProfileInput } from '../../../../shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLikes } from '../api/use-likes';
import { useProfile } from '../api/use-profile';
import { stripAt, useUpdateProfile } from '../api/use-update-profile';
import { AvatarPicker } from './avatar-picker';
import { ReadOnlyField } from './read-only-field';

/** The form's field checked by the route's schema; the avatar is a file, uploaded on save. */
const profileFormInput = updateProfileInput.pick({ instagram: true });

/** The likes received, written 'N curtida(s)'. */
function likesLabel(likes: number) {
  return `${likes} curtida(s)`;
}

export function ProfileForm({ user }: { user: CurrentUser }) {
  const profile = useProfile();
  const likes = useLikes();
  const save = useUpdateProfile();
  // The route's own rule for the handle (PUT /api/user/profile).
  const { control, handleSubmit, setValue } = useForm({
    resolver: zodResolver(profileFormInput),
    defaultValues: { instagram: '' },
  });
  const { field: instagram, fieldState } = useController({ control, name: 'instagram' });
  const instagramError = fieldState.error?.message;
  const [avatarFile, setAvatarFile] = useState<File | null>(null);

  // Fill the field once the stored handle arrives.
  useEffect(() => {
    if (profile.data) setValue('instagram', profile.data.instagram ?? '');
  }, [profile.data, setValue]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { instagram: values.instagram ?? '', avatarFile },
      {
        onSuccess: () => {
          setAvatarFile(null);
          toast.success('Sucesso', { description: 'Perfil atualizado com sucesso!' });
        },
        onError: (error) =>
          toast.error('Erro', { description: errorMessage(error, 'Erro ao atualizar perfil') }),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <Card className="space-y-6">
        <AvatarPicker
          name={user.name}
          currentUrl={profile.data?.avatar ?? null}
          file={avatarFile}
          onFileChange={setAvatarFile}
          disabled={save.isPending}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label="Nome completo">{user.name}</ReadOnlyField>
          <ReadOnlyField label="E-mail">{user.email}</ReadOnlyField>
          <ReadOnlyField label="ID único">
            <span className="font-mono tracking-widest">{user.uniqueId}</span>
          </ReadOnlyField>
          <ReadOnlyField label="Total de curtidas">
            {likes.isPending
              ? 'Carregando...'
              : likes.isError
                ? 'Não foi possível carregar'
                : likesLabel(likes.data.likes)}
          </ReadOnlyField>
        </div>
        <Field label="Instagram (opcional)" htmlFor="instagram" error={instagramError}>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted">
              @
            </span>
            <Input
              id="instagram"
              name="instagram"
              autoComplete="off"
              placeholder="seuusuario"
              maxLength={101}
              ref={instagram.ref}
              value={instagram.value ?? ''}
              disabled={profile.isPending || save.isPending}
              {...fieldErrorProps('instagram', instagramError)}
              onChange={(event) => instagram.onChange(stripAt(event.target.value))}
              onBlur={instagram.onBlur}
              className="pl-7"
            />
          </div>
        </Field>
      </Card>
      <Button type="submit" size="lg" className="w-full" disabled={save.isPending || profile.isPending}>
        {save.isPending ? <Spinner /> : <Save className="h-4 w-4" aria-hidden />}
        Salvar Informações
      </Button>
    </form>
  );
}
