/**
 * Navigation for code outside React components (the API error handler): the router registers
 * itself here once it exists.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(n: Navigate): void {
  navigator = n;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigator(to, opts);
}
