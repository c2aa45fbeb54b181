/**
 * HTML of the built-in provider's own pages (sign-in, sign-out, errors), in the console's styling.
 * No inline script or style: the Content-Security-Policy allows only our own files.
 */
export declare function loginPage(input: { action: string; email?: string; error?: string }): string;
/** `form` is the provider's hidden logout form; the button confirms it (and logout.js submits it). */
export declare function logoutPage(form: string): string;
export declare function loggedOutPage(): string;
export declare function errorPage(error: string, description?: string): string;
