/** Demo accounts of the contract. They exist only in the demo seed (contract "Sign-in"). */
export declare const DEMO_USERS: readonly [
  {
    readonly email: 'admin@bmtools.local';
    readonly password: 'admin';
    readonly role: 'admin';
    readonly displayName: 'Demo Admin';
  },
  {
    readonly email: 'editor@bmtools.local';
    readonly password: 'editor';
    readonly role: 'editor';
    readonly displayName: 'Demo Editor';
  },
  {
    readonly email: 'mapper@bmtools.local';
    readonly password: 'mapper';
    readonly role: 'mapper';
    readonly displayName: 'Demo Mapper';
  },
  {
    readonly email: 'viewer@bmtools.local';
    readonly password: 'viewer';
    readonly role: 'viewer';
    readonly displayName: 'Demo Viewer';
  },
];
