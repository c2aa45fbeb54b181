/**
 * `/silent_renew.html`: the hidden frame of a silent token renewal hands the provider's answer back
 * to the page that started it. The callback reads only the URL, so no settings beyond the required
 * ones are needed.
 */
import { UserManager } from 'oidc-client-ts';

const here = window.location.origin;
void new UserManager({ authority: here, client_id: 'bm-tools-spa', redirect_uri: `${here}/callback` })
  .signinSilentCallback()
  .catch(() => {
    // Nothing to show in a hidden frame; the parent page times out and shows the sign-in view.
  });
