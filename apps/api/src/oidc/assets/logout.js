// The sign-out was asked for by our own console: confirm it without a second click.
document.getElementById('logout-confirm')?.click();
