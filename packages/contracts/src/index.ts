export * from './config.ts';
export * from './errors.ts';
export * from './logs.ts';
export * from './menu.ts';
