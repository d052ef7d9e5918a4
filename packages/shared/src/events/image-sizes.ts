/**
 * How wide the list's card images and the event page's banner are drawn (`sizes`), shared by the
 * web app and the server that tells the browser to fetch them early (they must agree, or the
 * early fetch would be another file than the one the page shows).
 */
export const IMAGE_SIZES = {
  card: '(max-width: 30em) calc(100vw - 2rem), (max-width: 62em) 50vw, 370px',
  banner: '(max-width: 48em) 100vw, 760px',
} as const;
