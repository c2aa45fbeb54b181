/**
 * `npm run users -- <command>`: manage accounts of the built-in identity provider.
 *   add <email> --role <role> [--password <pw>] [--name <display name>]
 *   list
 *   disable <email> | enable <email>
 *   set-password <email> [--password <pw>]
 * Without --password a strong one is generated and printed once. Disabling an account and setting
 * its password end all of its sessions: running servers refuse its tokens and close its sockets at
 * once (ADR 0008).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { roleNames } from '../../catalog/roles.ts';
import { endSessions } from '../auth/sessions.ts';
import { loadConfig } from '../config.ts';
import { addUser, listUsers, setDisabled, setPassword } from '../users/users.ts';
import { withCliDatabase } from './cli-database.ts';

const USAGE = `Usage: npm run users -- <command>
  add <email> --role <${roleNames().join('|')}> [--password <pw>] [--name <display name>]
  list
  disable <email>
  enable <email>
  set-password <email> [--password <pw>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const [command, email] = positionals;

const generated = () => randomBytes(15).toString('base64url');
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

await withCliDatabase(loadConfig(), async (db) => {
  switch (command) {
    case 'add': {
      if (!email || !values.role) fail(USAGE);
      const password = values.password ?? generated();
      const user = await addUser(db, {
        email: email as string,
        role: values.role as string,
        password,
        displayName: values.name ?? '',
      });
      console.log(`Added ${user.email} with role ${user.roles.join(', ')}.`);
      if (!values.password) console.log(`Password (shown once): ${password}`);
      break;
    }
    case 'list':
      for (const u of await listUsers(db)) {
        const flags = [u.disabled ? 'disabled' : 'enabled', u.isDemo ? 'demo' : '']
          .filter(Boolean)
          .join(', ');
        console.log(`${u.email}\t${u.roles.join(',') || '-'}\t${flags}`);
      }
      break;
    case 'disable':
    case 'enable':
      if (!email) fail(USAGE);
      if (!(await setDisabled(db, email as string, command === 'disable'))) fail(`No user ${email}`);
      console.log(command === 'disable' ? `Disabled ${email}; its sessions are ended.` : `Enabled ${email}.`);
      break;
    case 'set-password': {
      if (!email) fail(USAGE);
      const password = values.password ?? generated();
      if (!(await setPassword(db, email as string, password))) fail(`No user ${email}`);
      // Whoever knew the old password must not stay signed in with it.
      await endSessions(db, { email: email as string });
      console.log(`Password of ${email} changed; its sessions are ended.`);
      if (!values.password) console.log(`Password (shown once): ${password}`);
      break;
    }
    default:
      fail(USAGE);
  }
});
