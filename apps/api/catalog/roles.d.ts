export interface RoleDefinition {
  name: string;
  description: string;
  rights: string[];
}
export declare const ROLES: readonly RoleDefinition[];
export declare const roleNames: () => string[];
