/** The store listing behind every "Get the app" button (GATSBY_STORE_URL, else the Play Store page). */
export const STORE_URL =
  process.env.GATSBY_STORE_URL && process.env.GATSBY_STORE_URL.trim() !== ""
    ? process.env.GATSBY_STORE_URL.trim()
    : "https://play.google.com/store/apps/details?id=app.kindred";
