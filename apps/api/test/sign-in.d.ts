export interface Tokens {
  accessToken: string;
  idToken: string;
  scope: string;
}
export declare function signIn(baseUrl: string, email: string, password: string): Promise<Tokens>;
