/**
 * "Skip to content" for keyboard and screen-reader users. Not a plain `href="#main"`: under the hash
 * router that address is the route "/main" (a Page not found), so the link moves focus to `<main
 * id="main" tabIndex={-1}>` itself and leaves the address alone.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      Skip to content
    </a>
  );
}
