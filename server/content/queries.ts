// The GROQ queries the site needs. Both content sources run these exact strings.

export const SETTINGS_QUERY = `*[_type == "settings"][0]{
  siteName, icon, favicon, primaryColor, secondaryColor,
  instagramUrl, facebookUrl, twitterUrl, youtubeUrl, supportEmail,
  showFooter, enableEmailVerification, banner, promoCode, newCheckout, home
}`;

export const PAGE_QUERY = `*[_type == "page" && slug.current == $slug][0]{
  "slug": slug.current, pageName, body
}`;

export const PROGRAM_QUERY = `*[_type == "program" && product == $product][0]{
  product, title, intro, startsOn, days
}`;

export const COURSE_QUERY = `*[_type == "course" && product == $product][0]{
  product, title, intro, drip, modules
}`;

/** The whole library in its order: one read serves the list and each entry. */
export const LIBRARY_QUERY = `*[_type == "libraryEntry"] | order(position asc, slug.current asc){
  kind, "slug": slug.current, title, summary, image, video, blocks, body, plans, position
}`;
