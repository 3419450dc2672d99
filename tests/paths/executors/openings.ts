// Every way a member opens the modal from the screens: the openings of the modal's and the account
// step's paths, each with the page, the member, the site's setting and what is pressed.
import { button, type Opening, type Target } from '../ui.ts';

const NAV_SIGNUP = button('nav.signup');
const NAV_LOGIN = button('nav.login');
const BANNER = button('banner.go');
/** A challenge's or a course's own button, whose text the trainer writes in the CMS. */
const JOIN: Target = { testId: 'join-offer' };
/** The annual plan's button in the home page's pricing, whatever the trainer calls the plan. */
const CHOOSE_ANNUAL: Target = { testId: 'choose-plan-annually' };

/** Every way a member opens the modal from the screens, each with the form it opens as. */
export const OPENINGS: { opening: Opening; modalType: 'signup' | 'login' }[] = [
  {
    modalType: 'signup',
    opening: {
      does: 'A visitor presses Signup on the home page',
      path: '/',
      member: null,
      verification: false,
      press: NAV_SIGNUP,
    },
  },
  {
    modalType: 'login',
    opening: {
      does: 'A visitor presses Login on the home page',
      path: '/',
      member: null,
      verification: false,
      press: NAV_LOGIN,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A visitor presses a challenge page's button, on a site that verifies emails",
      path: '/challenge/shred',
      member: null,
      verification: true,
      press: JOIN,
    },
  },
  {
    modalType: 'login',
    opening: {
      does: 'A visitor presses Login on the home page of a site that verifies emails',
      path: '/',
      member: null,
      verification: true,
      press: NAV_LOGIN,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A visitor presses a course page's button, on a site that verifies emails",
      path: '/course/strength',
      member: null,
      verification: true,
      press: JOIN,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A signed-in member presses the banner's button",
      path: '/',
      member: 'verified',
      verification: false,
      press: BANNER,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A signed-in member presses a course page's button",
      path: '/course/strength',
      member: 'verified',
      verification: true,
      press: JOIN,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A member whose email is unverified presses a challenge page's button",
      path: '/challenge/shred',
      member: 'unverified',
      verification: true,
      press: JOIN,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A monthly subscriber presses the banner's button",
      path: '/',
      member: 'monthly',
      verification: false,
      press: BANNER,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A quarterly subscriber presses the banner's button",
      path: '/',
      member: 'quarterly',
      verification: false,
      press: BANNER,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A monthly subscriber presses the banner's button, on a site that sells no annual plan",
      path: '/',
      member: 'monthly',
      verification: false,
      press: BANNER,
      noAnnualPlan: true,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "An annual subscriber presses the banner's button",
      path: '/',
      member: 'annual',
      verification: false,
      press: BANNER,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: 'A visitor follows the emailed verification link',
      path: '/',
      member: null,
      verification: true,
      link: true,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: 'A signed-in member follows the emailed verification link',
      path: '/',
      member: 'verified',
      verification: true,
      link: true,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: 'A visitor arrives on an address carrying verified=true, on a site that verifies emails',
      path: '/',
      member: null,
      verification: true,
      verifiedInAddress: true,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: "A visitor chooses the annual plan in the home page's pricing",
      path: '/',
      member: null,
      verification: false,
      press: CHOOSE_ANNUAL,
      choosesAnnualPlan: true,
    },
  },
  {
    modalType: 'signup',
    opening: {
      does: 'A member whose email is unverified follows the emailed verification link',
      path: '/',
      member: 'unverified',
      verification: true,
      link: true,
    },
  },
];
