// Generated from openapi/trainer-api.yaml by `npm run generate:api`. Do not edit.
export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness.
         * @description The process answers; nothing else is checked, so a database or Redis outage never makes an orchestrator restart instances that a restart cannot mend. `/api/ready` checks them.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness, for a load balancer.
         * @description 200 only when this instance can serve: its database answers with every migration applied, Redis answers when it is configured, and the instance is not shutting down. 503 otherwise, naming what is missing.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password.
         * @description An unknown email is answered exactly as a wrong password.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in.
         * @description When enableEmailVerification is true, a verification email is sent in the visitor's locale.
         *     An address that already has an account gets 409 with a message that does not say whether it
         *     has one, and its owner gets an email saying someone tried (at most one a minute).
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user.
         * @description Also accepts an email-verification token: the first such call with a link answers with the
         *     user and a fresh session token in `user.token`; a link signs in only once, so a later call
         *     with it answers 401.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update the user's own profile.
         * @description A changed email must be verified again, and changing it needs `currentPassword`; the old
         *     address is told of the change. `email_verified: true` is accepted only with the
         *     email-verification token from the emailed link, which can set nothing else and is used up
         *     by it; a session token cannot set it. With the link's token, `user.token` is a fresh session
         *     token unless the link already signed in through GET /api/user, in which case it is empty
         *     and the session from that call stays the one to use.
         */
        put: operations["updateUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userID}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the password; the user's other sessions are revoked. */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email a password-reset link.
         * @description Always answers the same 200, whether the email is known or not.
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token from the reset email; all sessions are revoked. */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the verification email again (once a minute at most). */
        post: operations["resendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the session token. */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/startGatewayStripeSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a hosted checkout for the given prices; the browser is redirected to `url`.
         * @description Amounts always come from the database. A price the trainer does not sell is refused.
         *     The success URL is `{site}{route}/confirmation`; fulfilment comes from payment events only.
         *     While the site setting `enableEmailVerification` is on, a member whose email is not verified
         *     is refused with 403 'Please verify your email before proceeding to checkout'.
         */
        post: operations["startCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/openGatewayStripePortal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open the billing portal for the caller's own customer; the browser is redirected to `url`. */
        post: operations["openBillingPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trainer/{trainerID}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The trainer's subscription plans, challenges and courses.
         * @description The same for every visitor: each instance serves it from memory and browsers may keep it for `CATALOGUE_MAX_AGE_SECONDS` (15 by default). Checkout charges the prices in the database.
         */
        get: operations["getProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the member can open now, with their progress, and what they held and lost.
         * @description Decided from the database on every call (decision 136), at the member's time (the sandbox's test clock in development). `items`: challenges and courses in the catalogue's order, then the library's entries in the trainer's order. `locked`: items the member held and cannot open now (refunded, ended, overdue), and plan-limited entries their plan does not include, each with what to buy. The texts and messages are in the first language of `Accept-Language` the site has, else English.
         */
        get: operations["getLibrary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/library/{kind}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One item the member can open, its units in order with their state, progress and streak.
         * @description Opening the item records nothing; opening a unit does. The texts and messages are in the first language of `Accept-Language` the site has, else English.
         */
        get: operations["getLibraryItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/library/{kind}/{slug}/units/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One unit's content, and the units before and after it.
         * @description Records the member's first opening of the item once (the start a `firstOpen` program's days count from; two devices at once agree on it) and the last unit opened. The texts and messages are in the first language of `Accept-Language` the site has, else English.
         */
        get: operations["getLibraryUnit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/library/{kind}/{slug}/units/{key}/done": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Marks a unit done, or not done (undo).
         * @description Idempotent: the same call again changes nothing, and two devices at once end in the last writer's state, never an error or a duplicate. Marking done again keeps the first `doneAt`. Only a unit the member can open may be marked; the refusals are getLibraryUnit's. The texts and messages are in the first language of `Accept-Language` the site has, else English.
         */
        put: operations["markLibraryUnit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment events from Stripe, signed; each event is processed once. */
        post: operations["stripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The site settings from the CMS (also inlined into the HTML shell). */
        get: operations["getSiteSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content/pages/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A content page by its slug. */
        get: operations["getContentPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a trainer, with no products yet. */
        post: operations["adminCreateTrainer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trainer's settings. */
        get: operations["adminGetTrainer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every price of the trainer's products, archived ones included. */
        get: operations["adminListPlans"];
        put?: never;
        /**
         * Adds a recurring plan to the trainer's membership (made, named after the trainer, if it has none).
         * @description The currency and trial default to the trainer's. The plan is in the public catalogue at once.
         */
        post: operations["adminAddPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/plans/{planID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Changes a plan's names, trial or amount.
         * @description A price that has been sold (a subscription, charge or checkout uses it) keeps its amount, interval and currency: changing any of them archives it and adds a new price with the change, as Stripe does, and members on the old price keep it. Names and the trial change in place. On a Stripe site the archived price's Stripe price is archived first: a Stripe failure answers 502 and changes nothing.
         */
        patch: operations["adminUpdatePlan"];
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/plans/{planID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Takes a plan out of the catalogue; members on it keep it.
         * @description On a Stripe site its Stripe price is archived first, so a plan change opened at Stripe before cannot move a member onto it: a Stripe failure answers 502 and changes nothing.
         */
        post: operations["adminArchivePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every product of the trainer with its prices, archived ones included. */
        get: operations["adminListProducts"];
        put?: never;
        /** Adds a challenge or a course with its one-time prices; on sale at once. */
        post: operations["adminAddProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/products/{productID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Changes a product's slug, names, description, position or page texts.
         * @description The page texts given replace theirs (null clears one); the others stay. Its prices change through the plan operations, a sold one by archiving it and adding another.
         */
        patch: operations["adminUpdateProduct"];
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/products/{productID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes a product and all its prices off sale; buyers keep what they bought. */
        post: operations["adminArchiveProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/products/{productID}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds a one-time price to a challenge or a course. */
        post: operations["adminAddProductPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trainer's catalogue as a catalogue file: what is on sale, each item by key. */
        get: operations["adminExportCatalogue"];
        put?: never;
        /**
         * Makes the trainer's catalogue what a catalogue file says, in one transaction.
         * @description Items are matched by key (a product by kind and key, a price by key, a coupon by code); what the file leaves out is archived. A sold price whose amount, currency or period changes is archived and a new price takes its key. Each change is audited; the catalogue caches drop the trainer's copy. A file the server refuses (400) or that conflicts with what is stored (409, such as a changed coupon) is answered with every problem, and nothing is changed.
         */
        post: operations["adminImportCatalogue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every coupon of the trainer, archived ones included, with how often each was redeemed. */
        get: operations["adminListCoupons"];
        put?: never;
        /**
         * Adds a coupon members can enter at checkout.
         * @description Either percentOff, or amountOff (in the trainer's currency unless another is named). A repeating coupon says for how many months. Checkout refuses it once expired, archived, used up (maxRedemptions completed checkouts) or on a price it does not apply to.
         */
        post: operations["adminAddCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/coupons/{couponID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops a coupon being entered at checkout; discounts already granted run their course. */
        post: operations["adminArchiveCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/stripe/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether Stripe is set up for this site (the key, the webhook endpoint and its events, the coupons).
         * @description Asks Stripe with the server's own key. Answers 200 whatever it finds; `ok` is false and each check says what is missing when something is. On a server without Stripe, the one check says so.
         */
        get: operations["adminStripeCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The trainer's figures (MRR, members, churn, trials, revenue, refunds, failing payments, sales, progress) over a period.
         * @description The figures of studioMetrics, for the operator. Amounts are in the currency's minor units; months are UTC calendar months; every definition is in docs/metrics.md (decision 144).
         */
        get: operations["adminMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in staff member's trainer's figures over a period (owner and coach).
         * @description The same figures as adminMetrics, for the trainer of the staff member's session. Amounts are in the currency's minor units; months are UTC calendar months; every definition is in docs/metrics.md (decision 144).
         */
        get: operations["studioMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trainer's members, newest first, a page at a time, with their newest subscription. */
        get: operations["adminListMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/members/{memberID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One member with every subscription, charge and grant, newest first, and what they can open and why. */
        get: operations["adminGetMember"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/members/{memberID}/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grants a member a challenge, a course or the membership ("comp"), from now until a date or with no end.
         * @description Opens the target as a purchase or a subscription would (decision 136), from now; a membership grant opens the whole library, plan-limited entries included. No money changes hands and no email is sent. Audited. An unknown product is 404; a subscription product is refused (400): grant `membership`.
         */
        post: operations["adminGrantAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/members/{memberID}/grants/{grantID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revokes a grant now; what it opened closes at once unless something else opens it.
         * @description A grant already revoked or ended is refused (409). Audited.
         */
        delete: operations["adminRevokeGrant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/charges/{chargeID}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pays a charge back in whole through the payment gateway (decision 120).
         * @description The gateway's refund event records it, as it records a refund from the billing portal; a retry asks the gateway with the same idempotency key, so the charge is refunded once. A charge already refunded, not paid, or one line of a payment of several is refused (409); an amount other than the whole charge is refused (400).
         */
        post: operations["adminRefundCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/subscriptions/{subscriptionID}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends a subscription now, or at the end of the period paid for, through the payment gateway.
         * @description The gateway's subscription event records it and emails the member, as a cancellation in the billing portal does. Ending now gives no money back: refund a charge for that. A subscription already ended, or already set to end when atPeriodEnd is asked, is refused (409).
         */
        post: operations["adminCancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @constant */
            success: false;
            message: string;
        };
        Ok: {
            /** @constant */
            success: true;
            message: string;
        };
        /** @description The trainer whose site makes the call. */
        TrainerID: string;
        /** Format: email */
        Email: string;
        /** @description Checked for length by the server before hashing (8 to 256 characters for a new password). */
        Password: string;
        /** @enum {string} */
        Locale: "en" | "es";
        /** @description A price of a product, in Stripe's shape. */
        Plan: {
            id: string;
            /** @description The product id. */
            product: string;
            /** @enum {string|null} */
            interval: "year" | "month" | "week" | "day" | null;
            interval_count: number | null;
            /** @description Minor units (cents). */
            amount: number;
            /** @description ISO 4217 code */
            currency: string;
            /** @enum {string} */
            type: "one_time" | "recurring";
            nickname: string | null;
            trialDays: number | null;
            active: boolean;
        };
        /** @description ISO 4217 code in lower case, as Stripe writes it. */
        Currency: string;
        /** @description The plan's name per language; English is required. */
        Nicknames: {
            en: string;
            es?: string;
        };
        AdminTrainer: {
            id: string;
            name: string;
            currency: components["schemas"]["Currency"];
            defaultTrialDays: number;
        };
        AdminTrainerAnswer: {
            /** @constant */
            success: true;
            trainer: components["schemas"]["AdminTrainer"];
        };
        /** @description A price of one of the trainer's products, archived ones included. */
        AdminPlan: {
            id: string;
            productId: string;
            productName: string;
            /** @enum {string} */
            type: "one_time" | "recurring";
            /** @enum {string|null} */
            interval: "year" | "month" | "week" | "day" | null;
            intervalCount: number | null;
            /** @description Minor units (cents). */
            amount: number;
            currency: components["schemas"]["Currency"];
            trialDays: number | null;
            nicknames: {
                [key: string]: string;
            };
            archived: boolean;
            /** @description A subscription */
            sold: boolean;
        };
        AdminPlanAnswer: {
            /** @constant */
            success: true;
            plan: components["schemas"]["AdminPlan"];
            /** @description When the amount of a sold price changed: the id of the price archived in its place. */
            replaced?: string;
        };
        /** @description A page text written once, or per language as in the CMS; null for none. */
        PageText: string | {
            en: string;
            es?: string;
        } | null;
        /** @description The page texts of a challenge or a course, as the spec names them. */
        PageTexts: {
            challengeImage?: components["schemas"]["PageText"];
            challengeHeaderText?: components["schemas"]["PageText"];
            challengeSubText?: components["schemas"]["PageText"];
            challengeButtonText?: components["schemas"]["PageText"];
            subscriptionHeaderText?: components["schemas"]["PageText"];
            subscriptionSubText?: components["schemas"]["PageText"];
            subscriptionButtonText?: components["schemas"]["PageText"];
        };
        /** @description The product's name per language; English is required. */
        ProductNames: {
            en: string;
            es?: string;
        };
        OneTimePriceInput: {
            /** @description Minor units (cents). */
            amount: number;
            currency?: components["schemas"]["Currency"];
            nicknames: components["schemas"]["Nicknames"];
        };
        /** @description A product of the trainer with all its prices, archived ones included. */
        AdminProduct: {
            id: string;
            /** @enum {string} */
            kind: "subscription" | "challenge" | "course";
            /** @description The address of a challenge or course page. */
            slug: string | null;
            names: components["schemas"]["ProductNames"];
            description: string | null;
            position: number;
            page: components["schemas"]["PageTexts"] | null;
            archived: boolean;
            prices: components["schemas"]["AdminPlan"][];
        };
        AdminProductAnswer: {
            /** @constant */
            success: true;
            product: components["schemas"]["AdminProduct"];
        };
        /** @description A trainer's whole catalogue as one document, kept in git and imported (decision 121, docs/admin.md): the products on sale with their prices and page texts, and the coupons, each named by its key. The server checks it in full and lists every problem it finds. Its amounts are in each currency's major unit, as prices are written (29.99 USD, 1000 JPY; decision 134); an import also reads a version 1 file, whose amounts were minor units (2999 for 29.99 USD). */
        CatalogueFile: {
            /** @constant */
            version: 2;
            trainer?: string;
            products: {
                key: string;
                /** @enum {string} */
                kind: "subscription" | "challenge" | "course";
                name: components["schemas"]["ProductNames"];
                description?: string;
                position?: number;
                page?: components["schemas"]["PageTexts"];
                prices: {
                    /** @description Its lookup key */
                    key: string;
                    name: components["schemas"]["Nicknames"];
                    /** @description The major unit: 29.99 for 29.99 USD. */
                    amount: number;
                    currency?: components["schemas"]["Currency"];
                    /** @enum {string} */
                    interval?: "year" | "month" | "week" | "day";
                    intervalCount?: number;
                    trialDays?: number | null;
                }[];
            }[];
            coupons: {
                code: string;
                percentOff?: number;
                /** @description The major unit, as `amount`. */
                amountOff?: number;
                currency?: string;
                /** @enum {string} */
                duration: "once" | "repeating" | "forever";
                durationInMonths?: number;
                expiresAt?: string;
                maxRedemptions?: number;
                /** @description Price keys. */
                prices?: string[];
            }[];
        };
        CatalogueChange: {
            /** @enum {string} */
            action: "added" | "changed" | "replaced" | "archived";
            /** @enum {string} */
            item: "product" | "price" | "coupon";
            key: string;
            /** @description The change in words. */
            summary: string;
        };
        AdminCoupon: {
            id: string;
            code: string;
            percentOff: number | null;
            /** @description Minor units (cents). */
            amountOff: number | null;
            currency: string | null;
            /** @enum {string} */
            duration: "once" | "repeating" | "forever";
            durationInMonths: number | null;
            /** Format: date-time */
            expiresAt: string | null;
            maxRedemptions: number | null;
            /** @description The prices it applies to; null for any of the trainer's. */
            priceIds: string[] | null;
            archived: boolean;
            /** @description Checkouts completed with it. */
            redemptions: number;
        };
        AdminCouponAnswer: {
            /** @constant */
            success: true;
            coupon: components["schemas"]["AdminCoupon"];
        };
        AdminStripeCheck: {
            /** @constant */
            success: true;
            /** @description Every check passed. */
            ok: boolean;
            /** @enum {string} */
            gateway: "stripe" | "sandbox";
            /**
             * @description The key's mode; null on the sandbox.
             * @enum {string|null}
             */
            mode: "test" | "live" | null;
            /** @description Where Stripe must send this site's events (PUBLIC_URL and the webhook path). */
            webhookUrl: string;
            /** @description Every event type the payment processor applies. */
            requiredEvents: string[];
            /** @description The required events the site's webhook endpoint does not send (all of them when there is no endpoint). */
            missingEvents: string[];
            /** @description Ids of coupons checkout may apply that Stripe does not have. */
            missingCoupons: string[];
            checks: {
                /** @enum {string} */
                name: "gateway" | "key" | "webhook" | "coupons";
                /** @enum {string} */
                status: "ok" | "missing" | "failed";
                detail: string;
            }[];
        };
        Metrics: {
            /** @description The trainer's currency (ISO 4217, lower case): every amount is in it, in minor units. */
            currency: string;
            /**
             * Format: date-time
             * @description When the figures were read.
             */
            asOf: string;
            /** @description The period's first day (YYYY-MM-DD): the first of its first month. */
            from: string;
            /** @description The period's last day (YYYY-MM-DD): the last of its last month. */
            to: string;
            /** @description Monthly recurring revenue now: active and past_due subscriptions, normalised to a month, after forever and still-running repeating discounts; trials excluded. */
            mrr: number;
            /** @description Members with a subscription counted in MRR. */
            activeMembers: number;
            /** @description Members in a free trial. */
            trialingMembers: number;
            /** @description Subscriptions whose payment failed and is still due now, and what they owe. */
            failing: {
                count: number;
                amountAtRisk: number;
            };
            /** @description Payments of invoices that had failed, paid in the period's months. */
            recovered: {
                count: number;
                amount: number;
            };
            /** @description Each UTC month of the period, oldest first. */
            months: {
                month: string;
                /** @description MRR at the month's end (for this month: now, with changes already recorded for later in it). */
                mrr: number;
                newMembers: number;
                churnedMembers: number;
                /** @description MRR lost in the month to members who stopped paying and to cheaper plans. */
                mrrChurn: number;
                trialsStarted: number;
                trialsEnded: number;
                trialsConverted: number;
                /** @description Charges paid in the month */
                revenue: number;
                /** @description Charges refunded in the month. */
                refunds: number;
            }[];
            oneTimeSales: {
                productID: string;
                name: string;
                count: number;
                revenue: number;
            }[];
            programs: {
                productID: string;
                name: string;
                /** @description The program's days or lessons (0: its content could not be read). */
                units: number;
                /** @description The members who started it, by how many of its units they have done. */
                members: {
                    reached: number;
                    count: number;
                }[];
            }[];
        };
        AdminMemberSummary: {
            id: string;
            email: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The status of the member's newest subscription; none when they never had one.
             * @enum {string}
             */
            status: "none" | "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid";
            subscriptionId: string | null;
            /** @description The newest subscription's plan */
            plan: string | null;
            charges: number;
        };
        AdminSubscription: {
            id: string;
            priceId: string;
            plan: string;
            /** @description The plan's price in minor units (cents). */
            amount: number;
            currency: components["schemas"]["Currency"];
            /** @enum {string} */
            status: "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid";
            cancelAtPeriodEnd: boolean;
            /** Format: date-time */
            currentPeriodEnd: string;
            /** Format: date-time */
            trialEnd: string | null;
            /** Format: date-time */
            endedAt: string | null;
            paymentMethod: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        AdminCharge: {
            id: string;
            priceId: string;
            description: string;
            /** @description Minor units (cents). */
            amount: number;
            currency: components["schemas"]["Currency"];
            paid: boolean;
            refunded: boolean;
            /** Format: date-time */
            refundedAt: string | null;
            paymentMethod: string;
            invoiceId: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        AdminMember: {
            id: string;
            email: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            subscriptions: components["schemas"]["AdminSubscription"][];
            charges: components["schemas"]["AdminCharge"][];
            /** @description Newest first */
            grants: components["schemas"]["AdminGrant"][];
            access: components["schemas"]["AdminAccess"][];
        };
        /**
         * @description What a member holds and opens: a challenge's program, a course, or an entry of the membership's library (a workout, an article or a weekly plan).
         * @enum {string}
         */
        LibraryKind: "challenge" | "course" | "workout" | "article" | "plan";
        /**
         * @description What opens the item now; with several, the one that keeps it open the longest.
         * @enum {string}
         */
        LibraryVia: "purchase" | "subscription" | "grant";
        /**
         * @description Why an item is closed (decision 136): never held; its purchase refunded; the subscription ended; a renewal overdue (open again the moment it is paid); the member's plan does not include it; the operator's grant ended or was revoked.
         * @enum {string}
         */
        LibraryLockReason: "notHeld" | "refunded" | "ended" | "overdue" | "planNotIncluded" | "grantEnded";
        /** @description What to buy to open a closed item: the challenge's or course's product with its prices, or the membership with the plans that include the entry. Never the item's content. */
        LibraryOffer: {
            /** @enum {string} */
            kind: "challenge" | "course" | "membership";
            /** @description The product's slug (its public page); null for the membership. */
            slug: string | null;
            name: string;
            /** @description Its active prices. */
            plans: components["schemas"]["Plan"][];
        };
        /** @description A 403 of the members' content: the item is not open to the member (`reason` says why, `product` what to buy), or the unit's day has not come (`notYetOpen`, `opensAt`). It never holds the content. */
        LibraryRefusal: {
            /** @constant */
            success: false;
            /** @description In the request's language. */
            message: string;
            reason: components["schemas"]["LibraryLockReason"] | "notYetOpen";
            /**
             * Format: date-time
             * @description notYetOpen: when the unit opens (00:00 UTC of its day).
             */
            opensAt?: string;
            /** @description What to buy to open it; null when nothing on sale opens it (a plan-limited entry of no active plan). */
            product?: null | components["schemas"]["LibraryOffer"];
        };
        /** @description A unit as lists show it, with its state for the member now. */
        LibraryUnitRef: {
            /** @description Stable across the trainer's edits; progress is kept by it. */
            key: string;
            /** @description 1-based: day N, lesson N of the course (counted across modules). */
            number: number;
            title: string;
            /**
             * @description locked when the item is closed; opensOn while its drip day has not come.
             * @enum {string}
             */
            state: "done" | "open" | "opensOn" | "locked";
            /**
             * Format: date-time
             * @description When it opens (00:00 UTC of its day); null for a unit that does not drip (a library entry).
             */
            opensAt: string | null;
            /** Format: date-time */
            doneAt: string | null;
            /** @description A lesson's module key; null otherwise. */
            module: string | null;
        };
        /** @description A course's module; its lessons are the units whose `module` is its key. */
        LibraryModule: {
            key: string;
            number: number;
            title: string;
        };
        /** @description How far the member is, and the unit "Continue" leads to (null when all are done). */
        LibraryProgress: {
            done: number;
            total: number;
            next: null | components["schemas"]["LibraryUnitRef"];
        };
        /** @description An item the member can open now, as the library lists it. */
        LibraryItemSummary: {
            kind: components["schemas"]["LibraryKind"];
            slug: string;
            title: string;
            /** @description The program's or course's intro */
            summary: string | null;
            image: components["schemas"]["SanityImage"] | null;
            via: components["schemas"]["LibraryVia"];
            /** Format: date-time */
            since: string;
            /**
             * Format: date-time
             * @description When it closes unless something changes (a cancelled period's end, a grant's end); null, no end.
             */
            until: string | null;
            progress: components["schemas"]["LibraryProgress"];
            /** @description The unit the member opened last. */
            lastUnitKey: string | null;
        };
        /** @description An item the member held, or holds on a plan that does not include it, and cannot open now. */
        LibraryLockedItem: {
            kind: components["schemas"]["LibraryKind"];
            slug: string;
            title: string;
            reason: components["schemas"]["LibraryLockReason"];
            product: null | components["schemas"]["LibraryOffer"];
        };
        /** @description One item the member can open, with its units in order (a course's lessons across its modules) and their state, but none of their content. */
        LibraryItem: {
            kind: components["schemas"]["LibraryKind"];
            slug: string;
            title: string;
            intro: string | null;
            image: components["schemas"]["SanityImage"] | null;
            via: components["schemas"]["LibraryVia"];
            /** Format: date-time */
            since: string;
            /** Format: date-time */
            until: string | null;
            /**
             * Format: date-time
             * @description The start the drip counts from (the first opening, or the purchase); null before the first opening.
             */
            startedAt: string | null;
            /** @description A course's; empty otherwise. */
            modules: components["schemas"]["LibraryModule"][];
            units: components["schemas"]["LibraryUnitRef"][];
            progress: components["schemas"]["LibraryProgress"];
            /** @description A program's run of consecutive UTC days, ending today or yesterday, with a day done; null otherwise. */
            streak: number | null;
            lastUnitKey: string | null;
        };
        LibraryVideo: {
            /** @enum {string} */
            provider: "youtube" | "vimeo" | "mux";
            id: string;
            poster: components["schemas"]["SanityImage"] | null;
            /** @description The player page to frame; null when the site plays no video of this provider (show the poster). */
            embedUrl: string | null;
        };
        LibraryWorkoutBlock: {
            key: string;
            exercise: string;
            sets: number | null;
            reps: number | null;
            /** @description A timed exercise's length */
            seconds: number | null;
            restSeconds: number | null;
            note: string | null;
            image: components["schemas"]["SanityImage"] | null;
            video: components["schemas"]["LibraryVideo"] | null;
        };
        LibraryDownload: {
            key: string;
            title: string;
            url: string;
            /** @description The file's extension */
            extension: string;
        };
        /** @description One unit's content: a day (summary, workout blocks), a lesson (Portable Text body, files) or a library entry (blocks for a workout, body for an article or a plan). Fields a kind lacks are null or empty. */
        LibraryUnit: {
            key: string;
            number: number;
            title: string;
            /** @enum {string} */
            state: "done" | "open";
            /** Format: date-time */
            doneAt: string | null;
            module: null | components["schemas"]["LibraryModule"];
            summary: string | null;
            image: components["schemas"]["SanityImage"] | null;
            video: components["schemas"]["LibraryVideo"] | null;
            blocks: components["schemas"]["LibraryWorkoutBlock"][];
            body: components["schemas"]["PortableTextBlock"][];
            files: components["schemas"]["LibraryDownload"][];
        };
        /** @description The operator's grant ("comp") of a product or of the membership to a member. */
        AdminGrant: {
            id: string;
            /** @description `membership`, or the product's id. */
            target: string;
            /** @description The product granted; null for the membership. */
            product: null | {
                id: string;
                slug: string;
                name: string;
            };
            /** Format: date-time */
            startsAt: string;
            /**
             * Format: date-time
             * @description When it ends; null
             */
            until: string | null;
            /** Format: date-time */
            revokedAt: string | null;
            /** @description Who granted it (the `admin-actor`). */
            actor: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description An item the member can open, or held and cannot open now, and why (what getLibrary shows the member), at the member's time. */
        AdminAccess: {
            /** @description kind/slug, such as challenge/30-day-shred or workout/full-body-20. */
            item: string;
            title: string;
            open: boolean;
            via: null | components["schemas"]["LibraryVia"];
            /** Format: date-time */
            since: string | null;
            /** Format: date-time */
            until: string | null;
            reason: null | components["schemas"]["LibraryLockReason"];
        };
        /** @description True when the gateway has accepted the change but its event, which records it, has not come yet (Stripe's webhook): the row shown is the one before. */
        AdminPending: boolean;
        ProductMetadata: {
            /** @enum {string} */
            typeProduct: "subscription" | "challenge" | "course";
        };
        SubscriptionProduct: {
            id: string;
            name: string;
            description?: string | null;
            metadata: components["schemas"]["ProductMetadata"];
            plans: components["schemas"]["Plan"][];
        };
        /** @description A challenge or a course, with the texts of its page. */
        OneTimeProduct: {
            id: string;
            slug: string;
            name: string;
            description?: string | null;
            metadata: components["schemas"]["ProductMetadata"];
            plans: components["schemas"]["Plan"][];
            /** @description Image URL. */
            challengeImage: string | null;
            challengeHeaderText: string | null;
            challengeSubText: string | null;
            challengeButtonText: string | null;
            subscriptionHeaderText: string | null;
            subscriptionSubText: string | null;
            subscriptionButtonText: string | null;
        };
        Products: {
            /** @constant */
            success: true;
            /** @description The first holds the recurring plans. */
            subscriptions: components["schemas"]["SubscriptionProduct"][];
            challenges: components["schemas"]["OneTimeProduct"][];
            courses: components["schemas"]["OneTimeProduct"][];
        };
        Profile: {
            name: string;
            image: string | null;
            phone: string | null;
            /**
             * Format: date-time
             * @description End of the native subscription.
             */
            endPlan_date: string | null;
            /** @description '1' means a native subscription. */
            subscribed_plan: string | null;
            /** @description e.g. monthly, quarterly, annual */
            subscription_plan_type: string | null;
            /** Format: date-time */
            member_since: string;
            locale?: components["schemas"]["Locale"];
        };
        Subscription: {
            id: string;
            /** @enum {string} */
            status: "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid";
            plan: components["schemas"]["Plan"];
            product_name?: string;
            /** Format: date-time */
            current_period_end: string;
            cancel_at_period_end: boolean;
            /** Format: date-time */
            trial_end: string | null;
            /** Format: date-time */
            created: string;
            /** @description What the next renewal charges and when, after any discount still running; null when nothing more will be charged (cancelled at the period's end, or ended). */
            next_charge: null | {
                /** @description Minor units. */
                amount: number;
                currency: string;
                /** Format: date-time */
                date: string;
            };
            /** @description A plan change that takes effect at the end of the current period. */
            scheduled_plan: null | components["schemas"]["Plan"];
            /** @description The card renewals are charged to, e.g. 'Visa •••• 4242'. */
            payment_method: string | null;
            /**
             * Format: date-time
             * @description When a past-due subscription's declined charge is tried again; null after the last attempt.
             */
            next_payment_attempt: string | null;
        };
        Charge: {
            id: string;
            /** @description Minor units. */
            amount: number;
            currency: string;
            paid: boolean;
            refunded: boolean;
            /** Format: date-time */
            created: string;
            /** @description e.g. 'Visa •••• 4242' */
            payment_method: string;
            /** @description The subscription or product name. */
            description: string;
            invoice: {
                lines: {
                    data: {
                        price: {
                            id: string;
                        };
                    }[];
                };
            };
        };
        Customer: {
            subscriptions: {
                /** @description The first is the active one. */
                data: components["schemas"]["Subscription"][];
            };
            charges: components["schemas"]["Charge"][];
            /** @description The member has already had a free trial, so a new subscription is charged at once. */
            had_trial: boolean;
        };
        User: {
            _id: string;
            /** @description A session token for this user. */
            token: string;
            email: string;
            email_verified: boolean;
            profile: components["schemas"]["Profile"];
            customer: components["schemas"]["Customer"];
        };
        UserResponse: {
            /** @constant */
            success: true;
            user: components["schemas"]["User"];
        };
        Url: {
            /** @constant */
            success: true;
            url: string;
        };
        /** @description A Portable Text block, rendered by the SPA, never as raw HTML. */
        PortableTextBlock: {
            _type: string;
            _key?: string;
        } & {
            [key: string]: unknown;
        };
        SanityImage: {
            /** @description The asset's URL. */
            url: string;
            width?: number | null;
            height?: number | null;
            crop?: {
                [key: string]: number;
            } | null;
            hotspot?: {
                [key: string]: number;
            } | null;
        };
        Color: {
            hex?: string;
            rgb?: {
                r?: number;
                g?: number;
                b?: number;
            };
        } | null;
        SiteSettings: {
            siteName: string;
            icon?: components["schemas"]["SanityImage"] | null;
            favicon?: components["schemas"]["SanityImage"] | null;
            primaryColor?: components["schemas"]["Color"];
            secondaryColor?: components["schemas"]["Color"];
            instagramUrl?: string | null;
            facebookUrl?: string | null;
            twitterUrl?: string | null;
            youtubeUrl?: string | null;
            supportEmail?: string | null;
            showFooter?: boolean;
            enableEmailVerification?: boolean;
            banner?: {
                bannerTitle?: string | null;
                promoStartDate?: string | null;
                promoEndDate?: string | null;
                bannerBGColor?: components["schemas"]["Color"];
                bannerTitleColor?: components["schemas"]["Color"];
                bannerButtonText?: string | null;
            } | null;
            promoCode?: {
                promoCode?: string | null;
            } | null;
            newCheckout?: {
                checkoutImage?: components["schemas"]["SanityImage"] | null;
                subscriptionHeaderText?: string | null;
                subscriptionSubText?: string | null;
                subscriptionButtonText?: string | null;
            } | null;
            /** @description The home page's texts in the page's language: the hero (heading, sub-text, image) and the pricing section's heading and sub-text. A null text falls back to the site's own. */
            home?: {
                heroHeading?: string | null;
                heroSubText?: string | null;
                heroImage?: components["schemas"]["SanityImage"] | null;
                pricingHeading?: string | null;
                pricingSubText?: string | null;
            } | null;
        };
        ContentPage: {
            slug: string;
            pageName: string;
            body: components["schemas"]["PortableTextBlock"][];
        };
    };
    responses: {
        /** @description The request does not match the contract, or a value is invalid. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The token is missing, unknown, expired or revoked. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller may not act on this resource. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The change conflicts with existing data. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The payment provider did not answer; the request can be retried. */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Rate limited. The `Retry-After` header says when to try again, in seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than the server accepts (1 MiB). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body's `Content-Type` is not one the server reads (JSON, or plain text), or its `Content-Encoding` is not gzip, deflate, brotli or zstd; a request without a body is refused alike when it names an unknown encoding. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database is briefly away, or the server is too busy to take the request now; nothing was changed. The `Retry-After` header says when to try again, in seconds. */
        ServiceUnavailable: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Who is making the call, as the audit table records it (a person's name or login). */
        AdminActor: string;
        CouponIDPath: string;
        PlanIDPath: string;
        ProductIDPath: string;
        /** @description The member's id, or their email address. */
        MemberIDPath: string;
        ChargeIDPath: string;
        SubscriptionIDPath: string;
        /** @description The language of the trainer's texts (CMS settings and pages, product pages, plan names). Texts written per language answer in it, with English where it has none; English by default. */
        Lang: "en" | "es";
        /** @description Sent by the SPA on login, register and get user, as the spec's calls do. */
        Gateway: "true";
        UserID: string;
        GrantIDPath: string;
        /** @description The item's kind; a challenge's program and a course are named by their product's slug. */
        LibraryKindPath: components["schemas"]["LibraryKind"];
        LibrarySlugPath: string;
        /** @description The unit's stable key (a day's or a lesson's `key`); a library entry's one unit is `main`. */
        LibraryUnitKeyPath: string;
        TrainerIDPath: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers; `database` names the kind it is configured with. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @constant */
                        status: "ok";
                        /** @enum {string} */
                        database: "pglite" | "postgres";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The instance is stopping. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance can serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @constant */
                        status: "ready";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The instance cannot serve now. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: {
                /** @description Sent by the SPA on login, register and get user, as the spec's calls do. */
                gateway?: components["parameters"]["Gateway"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: components["schemas"]["Email"];
                    password: components["schemas"]["Password"];
                    trainerID: components["schemas"]["TrainerID"];
                };
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        userToken: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    register: {
        parameters: {
            query?: {
                /** @description Sent by the SPA on login, register and get user, as the spec's calls do. */
                gateway?: components["parameters"]["Gateway"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    email: components["schemas"]["Email"];
                    password: components["schemas"]["Password"];
                    trainerID: components["schemas"]["TrainerID"];
                    /** @description The SPA sends 'Unknown'. */
                    os_type?: string;
                    /** @description The path the visitor signed up from; the verification link returns there. */
                    currentRoute?: string;
                    enableEmailVerification?: boolean;
                    locale?: components["schemas"]["Locale"];
                };
            };
        };
        responses: {
            /** @description Account created and signed in. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        user: components["schemas"]["User"];
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUser: {
        parameters: {
            query?: {
                /** @description Sent by the SPA on login, register and get user, as the spec's calls do. */
                gateway?: components["parameters"]["Gateway"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The emailed verification link was already used, and the email is verified. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userID: components["parameters"]["UserID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The account's password; required when `user.email` changes it. */
                    currentPassword?: components["schemas"]["Password"];
                    user: {
                        name?: string;
                        email?: components["schemas"]["Email"];
                        phone?: string | null;
                        image?: string | null;
                        /** @constant */
                        email_verified?: true;
                    };
                };
            };
        };
        responses: {
            /** @description The updated user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userID: components["parameters"]["UserID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    oldPassword: components["schemas"]["Password"];
                    newPassword: components["schemas"]["Password"];
                    trainerID: components["schemas"]["TrainerID"];
                };
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    trainerID: components["schemas"]["TrainerID"];
                };
            };
        };
        responses: {
            /** @description Accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: components["schemas"]["Password"];
                };
            };
        };
        responses: {
            /** @description Password changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startCheckoutSession: {
        parameters: {
            query?: {
                /** @description A coupon or promotion code, from the URL or the site's promo code. */
                coupon?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    prices: string[];
                    trainerID: components["schemas"]["TrainerID"];
                    /** @description The current path of the SPA. */
                    route: string;
                    campaign: string | null;
                };
            };
        };
        responses: {
            /** @description The hosted checkout page; for a member who already has a live subscription and asks for a recurring price, the hosted confirmation of a change of that subscription's plan (never a second subscription). Asking for the plan already held, while a change or the end is scheduled for the period's end, keeps it at once (nothing charged) and `url` is the success URL; with nothing scheduled it is a 409. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Url"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    openBillingPortal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    trainerID: components["schemas"]["TrainerID"];
                    /** @description Where the portal returns to; the profile's subscription section by default. */
                    route?: string;
                };
            };
        };
        responses: {
            /** @description The portal page. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Url"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getProducts: {
        parameters: {
            query?: {
                /** @description The language of the trainer's texts (CMS settings and pages, product pages, plan names). Texts written per language answer in it, with English where it has none; English by default. */
                lang?: components["parameters"]["Lang"];
            };
            header?: {
                /** @description The ETag of a catalogue the client holds; 304 when it is still the current one. */
                "if-none-match"?: string;
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The products. */
            200: {
                headers: {
                    /** @description Weak, derived from the content; the same for its brotli, gzip and plain bodies. */
                    ETag?: string;
                    /** @description `public, max-age=<CATALOGUE_MAX_AGE_SECONDS>` (`no-cache` when it is 0). */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Products"];
                };
            };
            /** @description The catalogue named by If-None-Match is still the current one; no body. */
            304: {
                headers: {
                    ETag?: string;
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLibrary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's library. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        items: components["schemas"]["LibraryItemSummary"][];
                        locked: components["schemas"]["LibraryLockedItem"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLibraryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The item's kind; a challenge's program and a course are named by their product's slug. */
                kind: components["parameters"]["LibraryKindPath"];
                slug: components["parameters"]["LibrarySlugPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        item: components["schemas"]["LibraryItem"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Not open to the member; the body says why and what to buy, never the content. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LibraryRefusal"];
                };
            };
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLibraryUnit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The item's kind; a challenge's program and a course are named by their product's slug. */
                kind: components["parameters"]["LibraryKindPath"];
                slug: components["parameters"]["LibrarySlugPath"];
                /** @description The unit's stable key (a day's or a lesson's `key`); a library entry's one unit is `main`. */
                key: components["parameters"]["LibraryUnitKeyPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        item: {
                            kind: components["schemas"]["LibraryKind"];
                            slug: string;
                            title: string;
                        };
                        unit: components["schemas"]["LibraryUnit"];
                        previous: null | components["schemas"]["LibraryUnitRef"];
                        next: null | components["schemas"]["LibraryUnitRef"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Not open to the member (the body says why and what to buy), or the unit's day has not come (`notYetOpen` with `opensAt`); never the content. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LibraryRefusal"];
                };
            };
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    markLibraryUnit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The item's kind; a challenge's program and a course are named by their product's slug. */
                kind: components["parameters"]["LibraryKindPath"];
                slug: components["parameters"]["LibrarySlugPath"];
                /** @description The unit's stable key (a day's or a lesson's `key`); a library entry's one unit is `main`. */
                key: components["parameters"]["LibraryUnitKeyPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    done: boolean;
                };
            };
        };
        responses: {
            /** @description The unit's state and the item's progress now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        unit: components["schemas"]["LibraryUnitRef"];
                        progress: components["schemas"]["LibraryProgress"];
                        /** @description A program's streak; null otherwise. */
                        streak: number | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Not open to the member (the body says why and what to buy), or the unit's day has not come (`notYetOpen` with `opensAt`); never the content. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LibraryRefusal"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    stripeWebhook: {
        parameters: {
            query?: never;
            header: {
                "stripe-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Received. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        received: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The event would give the member a second live subscription; nothing of it is recorded. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSiteSettings: {
        parameters: {
            query?: {
                /** @description The language of the trainer's texts (CMS settings and pages, product pages, plan names). Texts written per language answer in it, with English where it has none; English by default. */
                lang?: components["parameters"]["Lang"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings, or null when the CMS has none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        settings: components["schemas"]["SiteSettings"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The CMS answered with an error. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getContentPage: {
        parameters: {
            query?: {
                /** @description The language of the trainer's texts (CMS settings and pages, product pages, plan names). Texts written per language answer in it, with English where it has none; English by default. */
                lang?: components["parameters"]["Lang"];
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        page: components["schemas"]["ContentPage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The CMS answered with an error. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminCreateTrainer: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The trainer's id in every URL, lower-case letters, digits and dashes. */
                    id: string;
                    name: string;
                    currency?: components["schemas"]["Currency"];
                    defaultTrialDays?: number;
                };
            };
        };
        responses: {
            /** @description The trainer created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTrainerAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminGetTrainer: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trainer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTrainerAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminListPlans: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans, by product and then amount. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        plans: components["schemas"]["AdminPlan"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminAddPlan: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    interval: "year" | "month" | "week" | "day";
                    intervalCount?: number;
                    /** @description Minor units (cents). */
                    amount: number;
                    currency?: components["schemas"]["Currency"];
                    trialDays?: number | null;
                    nicknames: components["schemas"]["Nicknames"];
                };
            };
        };
        responses: {
            /** @description The plan added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPlanAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminUpdatePlan: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                planID: components["parameters"]["PlanIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    interval?: "year" | "month" | "week" | "day";
                    intervalCount?: number;
                    /** @description Minor units (cents). */
                    amount?: number;
                    currency?: components["schemas"]["Currency"];
                    trialDays?: number | null;
                    nicknames?: components["schemas"]["Nicknames"];
                };
            };
        };
        responses: {
            /** @description The plan as it now is (the new price when one replaced it). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPlanAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminArchivePlan: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                planID: components["parameters"]["PlanIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan, archived. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPlanAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminListProducts: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The products, in the catalogue's order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        products: components["schemas"]["AdminProduct"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminAddProduct: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "challenge" | "course";
                    /** @description Its page's address: /challenge/{slug}. */
                    slug: string;
                    names: components["schemas"]["ProductNames"];
                    description?: string | null;
                    position?: number;
                    page?: components["schemas"]["PageTexts"];
                    prices: components["schemas"]["OneTimePriceInput"][];
                };
            };
        };
        responses: {
            /** @description The product added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProductAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminUpdateProduct: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                productID: components["parameters"]["ProductIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    slug?: string;
                    names?: components["schemas"]["ProductNames"];
                    description?: string | null;
                    position?: number;
                    page?: components["schemas"]["PageTexts"];
                };
            };
        };
        responses: {
            /** @description The product as it now is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProductAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminArchiveProduct: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                productID: components["parameters"]["ProductIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product, archived. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProductAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminAddProductPrice: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                productID: components["parameters"]["ProductIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OneTimePriceInput"];
            };
        };
        responses: {
            /** @description The price added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPlanAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminExportCatalogue: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        catalogue: components["schemas"]["CatalogueFile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminImportCatalogue: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The catalogue file, checked in full by the server (see CatalogueFile). */
                    catalogue: Record<string, never>;
                    /** @description Work out and answer the changes; write nothing. */
                    dryRun?: boolean;
                };
            };
        };
        responses: {
            /** @description The changes made, or with dryRun the changes it would make; none when the file is the catalogue. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        dryRun: boolean;
                        changes: components["schemas"]["CatalogueChange"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminListCoupons: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupons, by code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        coupons: components["schemas"]["AdminCoupon"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminAddCoupon: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the member types; any case. */
                    code: string;
                    percentOff?: number;
                    /** @description Minor units (cents). */
                    amountOff?: number;
                    currency?: components["schemas"]["Currency"];
                    /** @enum {string} */
                    duration: "once" | "repeating" | "forever";
                    durationInMonths?: number;
                    /** Format: date-time */
                    expiresAt?: string;
                    maxRedemptions?: number;
                    priceIds?: string[];
                };
            };
        };
        responses: {
            /** @description The coupon added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCouponAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminArchiveCoupon: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                couponID: components["parameters"]["CouponIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon, archived. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCouponAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminStripeCheck: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was checked and what is missing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminStripeCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminMetrics: {
        parameters: {
            query?: {
                /** @description A day of the period's first month, YYYY-MM-DD (UTC; the period is whole months); the month a year before this one unless given. */
                from?: string;
                /** @description A day of the period's last month, YYYY-MM-DD (UTC), at most 60 months from the first; this month unless given. */
                to?: string;
            };
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures (docs/metrics.md defines each). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        metrics: components["schemas"]["Metrics"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioMetrics: {
        parameters: {
            query?: {
                /** @description A day of the period's first month, YYYY-MM-DD (UTC; the period is whole months); the month a year before this one unless given. */
                from?: string;
                /** @description A day of the period's last month, YYYY-MM-DD (UTC), at most 60 months from the first; this month unless given. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures (docs/metrics.md defines each). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        metrics: components["schemas"]["Metrics"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminListMembers: {
        parameters: {
            query?: {
                /** @description Only the members whose email contains this, in any case. */
                email?: string;
                /** @description How many members a page holds, 1 to 100 (50 unless given). */
                limit?: string;
                /** @description How many members to skip, 0 to 9999999 (0 unless given). */
                offset?: string;
            };
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of members and how many there are in all. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        members: components["schemas"]["AdminMemberSummary"][];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminGetMember: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                /** @description The member's id, or their email address. */
                memberID: components["parameters"]["MemberIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        member: components["schemas"]["AdminMember"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminGrantAccess: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                /** @description The member's id, or their email address. */
                memberID: components["parameters"]["MemberIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `membership`, or a challenge's or course's product, by its slug or id. */
                    target: string;
                    /**
                     * Format: date
                     * @description The last day it is open (YYYY-MM-DD, a UTC day): it closes at 00:00 UTC of the day after. Absent: no end. A day before today is refused (400).
                     */
                    until?: string;
                };
            };
        };
        responses: {
            /** @description The grant made. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        grant: components["schemas"]["AdminGrant"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminRevokeGrant: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                /** @description The member's id, or their email address. */
                memberID: components["parameters"]["MemberIDPath"];
                grantID: components["parameters"]["GrantIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant as revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        grant: components["schemas"]["AdminGrant"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminRefundCharge: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                chargeID: components["parameters"]["ChargeIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Minor units (cents); when given, it must be the charge's whole amount. */
                    amount?: number;
                };
            };
        };
        responses: {
            /** @description The charge as recorded now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        charge: components["schemas"]["AdminCharge"];
                        pending: components["schemas"]["AdminPending"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminCancelSubscription: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                subscriptionID: components["parameters"]["SubscriptionIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    atPeriodEnd?: boolean;
                };
            };
        };
        responses: {
            /** @description The subscription as recorded now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        subscription: components["schemas"]["AdminSubscription"];
                        pending: components["schemas"]["AdminPending"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
