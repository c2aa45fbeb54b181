export * from './config.ts';
export * from './criteria.ts';
export * from './errors.ts';
export * from './form.ts';
export * from './logs.ts';
export * from './menu.ts';
export * from './notification.ts';
export * from './preset.ts';
