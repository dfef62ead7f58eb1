/**
 * The success URL's reference of the checkout it was made for (no zod here: the success page's
 * island reads it too). A session Stripe opens from the checkout's recovery link is a copy with
 * the same success URL, so its success page can show that it comes from one of this site's
 * checkouts before the site asks Stripe about it (fulfilment.server.ts).
 */
export const SUCCESS_REF_PARAM = 'ref';
export const SUCCESS_REF = /^[\w-]{16,64}$/;
