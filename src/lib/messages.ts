/** Quoted texts of docs/requirements.md that more than one module needs; each appears once in the code. */
export const NEWSLETTER_INVALID = "Please enter a valid email address.";
export const NEWSLETTER_SUBSCRIBED = "Thank you for subscribing!";
export const GET_THE_APP = "Get the app";
