/**
 * The access wrapper every route uses: renders its screen only when a rule over the
 * user's rights passes, the access-denied screen (naming the right) otherwise. While rights load it waits; if they fail to load it
 * offers a retry rather than a false denial.
 */
import type { ReactNode } from 'react';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';
import { AccessDenied } from './AccessDenied.tsx';
import { useUserRights } from './useUserRights.ts';

/** A test over the user's rights; `right` names the one it needs, for the denied screen. */
export interface AccessRule {
  (rights: ReadonlySet<string>): boolean;
  readonly right?: string;
}

export const requireRight = (right: string): AccessRule =>
  Object.assign((rights: ReadonlySet<string>) => rights.has(right), { right });

export const anyoneSignedIn: AccessRule = () => true;

export function AccessGuard({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const { query, rights } = useUserRights();
  if (query.isPending) {
    return <ScreenLoader label="Loading rights" />;
  }
  if (query.isError) {
    return (
      <LoadFailedNotice message="Your rights could not be loaded." onRetry={() => void query.refetch()} />
    );
  }
  return rule(rights) ? children : <AccessDenied rights={rights} right={rule.right} />;
}
