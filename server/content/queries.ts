// The GROQ queries the site needs. Both content sources run these exact strings.

export const SETTINGS_QUERY = `*[_type == "settings"][0]{
  siteName, icon, favicon, primaryColor, secondaryColor,
  instagramUrl, facebookUrl, twitterUrl, youtubeUrl, supportEmail,
  showFooter, enableEmailVerification, banner, promoCode, newCheckout, home
}`;

export const PAGE_QUERY = `*[_type == "page" && slug.current == $slug][0]{
  "slug": slug.current, pageName, body
}`;
