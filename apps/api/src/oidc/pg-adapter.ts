/**
 * oidc-provider storage in PostgreSQL (table `oidc_models`): sessions, interactions, codes and grants
 * live in the database so any API instance can continue a sign-in another one started.
 */
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/pool.ts';

export function pgAdapterFactory(db: Db): AdapterConstructor {
  return class PgAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await db.query(
        `INSERT INTO oidc_models (id, type, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int > 0 THEN now() + make_interval(secs => $7::int) END)
         ON CONFLICT (id, type) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          id,
          this.type,
          payload,
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ?? 0,
        ],
      );
    }

    private async findBy(
      column: 'id' | 'user_code' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<{ payload: AdapterPayload; consumed: number | null }>(
        `SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM oidc_models
          WHERE ${column} = $1 AND type = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [value, this.type],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed ? { ...row.payload, consumed: row.consumed } : row.payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }
    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await db.query('UPDATE oidc_models SET consumed_at = now() WHERE id = $1 AND type = $2', [
        id,
        this.type,
      ]);
    }
    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE id = $1 AND type = $2', [id, this.type]);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE grant_id = $1', [grantId]);
    }
  };
}
