/* global document, location */
// The offline page's one action. A file of its own: the CSP allows no inline script.
document.getElementById('retry').addEventListener('click', () => location.reload());
