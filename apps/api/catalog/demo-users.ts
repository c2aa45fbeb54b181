/** The demo accounts, one per role. They exist only in the demo seed. */
export const DEMO_USERS = [
  { email: 'admin@bmtools.local', password: 'admin', role: 'admin', displayName: 'Demo Admin' },
  { email: 'editor@bmtools.local', password: 'editor', role: 'editor', displayName: 'Demo Editor' },
  { email: 'mapper@bmtools.local', password: 'mapper', role: 'mapper', displayName: 'Demo Mapper' },
  { email: 'viewer@bmtools.local', password: 'viewer', role: 'viewer', displayName: 'Demo Viewer' },
] as const;
