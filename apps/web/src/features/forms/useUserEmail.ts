/** The signed-in user's email, which the 'user' field of a new record is set to. */
import { useSession } from '../../app/auth/SessionContext.tsx';

export function useUserEmail(): string | undefined {
  const { snapshot } = useSession();
  return snapshot.user?.profile.email ?? undefined;
}
