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
    "/api/user/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in member's charges, newest first, 20 a page, from a cursor.
         * @description My Purchases. The first page is the view's `customer.charges` (the next one is asked with its `charges_cursor`); each next one with the previous page's `nextCursor`, so every page costs the same however many charges there are. Without a cursor, the first page.
         */
        get: operations["getUserCharges"];
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
    "/api/user/subscription/pause-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pauses the member may choose now, each with the charge that resumes it (decision 162).
         * @description The lengths the trainer allows (`allowed`), and of them the ones this subscription may take now (`options`: empty during a trial, with a payment due, a cancellation or a plan change scheduled, a pause already planned, or a plan not billed monthly). Each option states the pause's dates and the next charge, and carries the `promise` that pausing is held to: the same figures as the billing portal states.
         */
        get: operations["getPauseOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/subscription/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pauses the member's subscription for the months chosen, as the option read stated it.
         * @description Recomputes the option now; if its `promise` differs from the one sent (the quote changed since it was read), nothing is done and the answer is 409. Nothing is charged now.
         */
        post: operations["pauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/subscription/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends the pause planned or under way now; nothing is charged now (decision 152). */
        post: operations["resumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/subscription/keep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Keeps the plan the member is on, a cancellation or a plan change scheduled withdrawn (decision 133). */
        post: operations["keepSubscription"];
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
    "/api/user/billing-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whom the member's invoices are made out to (decision 155). */
        get: operations["getBillingDetails"];
        /**
         * Sets whom the member's invoices are made out to, from the next invoice on.
         * @description All three at once; an empty string or null clears one. Invoices already issued keep what they said.
         */
        put: operations["updateBillingDetails"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The member's invoices and credit notes, newest first, a page at a time.
         * @description `next` is the cursor of the following page (null on the last): passed as `after`, it lists what comes after the page's last document, however many are issued meanwhile.
         */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/invoices/{invoiceID}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the member's invoices or credit notes as a PDF, in the member's language.
         * @description Signed in by the `token` header or by the browser's session cookie, so that the link in the receipt email opens it where the member is signed in. Another member's document is 404.
         */
        get: operations["downloadInvoicePdf"];
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
    "/api/content/samples/{kind}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The first day of a challenge or the first lesson of a course, free to preview, and the others' titles. */
        get: operations["getProductSample"];
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
        /**
         * Changes what the trainer's invoices say of the trainer, and the tax the trainer collects.
         * @description Invoices issued from then on state the new details; those already issued keep what they said (decision 154). An empty string or null clears a detail. `tax` sets how prices relate to tax and the rate in each country (decision 173); null stops collecting tax.
         */
        patch: operations["adminUpdateTrainer"];
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Sets the pause lengths members may choose and the one offer at the cancel button. */
        put: operations["adminSetRetention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/cancellation-reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The answers members gave at the cancel button, counted by UTC month, reason and outcome. */
        get: operations["adminCancellationReasons"];
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
         * Whether Stripe is set up for this site (the key, the webhook endpoint and its events, the coupons, the customer portal).
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
    "/api/admin/stripe/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets Stripe's customer portal as the site needs it (the business profile, the cancel at the period's end with the site's reasons, no Stripe pause).
         * @description Updates the account's default portal configuration (decision 164); changes nothing when it already matches. Answers 200 whatever it finds; `fixed` says whether it changed it.
         */
        post: operations["adminFixStripePortal"];
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
        /**
         * The trainer's members, newest first, a page at a time from a cursor, with their newest subscription.
         * @description Newest first by creation time and id. Each page after the first is asked with the previous page's `nextCursor`, so every page costs the same however many members there are. `total` is exact up to 1,000 matching members (`totalExact`); beyond, it is the database's estimate.
         */
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
        /**
         * What refunding a charge would do, changing nothing (the CLI's question and its dry run).
         * @description The studio's preview (`studioPreviewRefund`) for the operator: the amount, the card, the product and what the member loses. A charge refunding would refuse is refused the same way.
         */
        get: operations["adminPreviewRefund"];
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
        /**
         * What cancelling a subscription now or at the period's end would do, changing nothing.
         * @description The studio's preview (`studioPreviewCancel`) for the operator.
         */
        get: operations["adminPreviewCancel"];
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
    "/api/studio/sign-in/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts a passkey sign-in: the options for the browser, with a new challenge (discoverable credentials).
         * @description The challenge is kept by the server for five minutes and can be answered once. No staff member is named: the browser offers the passkeys it holds for this site.
         */
        post: operations["studioPasskeySignInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/sign-in/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Signs a staff member in with the passkey's answer to the challenge; sets the studio_session cookie. */
        post: operations["studioPasskeySignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/sign-in/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Emails a one-time sign-in link (15 minutes, one use) to a staff member of this site.
         * @description Answers 202 whether or not the address is a staff member's, so the answer tells no one who is.
         */
        post: operations["studioRequestSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/sign-in/link/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Signs in with the emailed link's token; sets the studio_session cookie. */
        post: operations["studioVerifySignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/invites/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invitation offers: the address, the role and the trainer.
         * @description An unknown token is 404; one used or past its seven days is 409 with a message saying which.
         */
        get: operations["studioGetInvite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/invites/{token}/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The options for registering the invited staff member's first passkey. */
        post: operations["studioInvitePasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/invites/{token}/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accepts an invitation: makes the staff account with its first passkey and signs it in.
         * @description The invitation is used once; the account, its passkey and its session are made together.
         */
        post: operations["studioAcceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in staff member. */
        get: operations["studioMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends this session and clears the cookie. */
        post: operations["studioSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The staff member's sessions still open, the newest first. */
        get: operations["studioListSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/sessions/{sessionID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ends one of the staff member's own sessions (this one included) at once. */
        delete: operations["studioRevokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The staff member's passkeys. */
        get: operations["studioListPasskeys"];
        put?: never;
        /** Registers another passkey (a second device) for the signed-in staff member. */
        post: operations["studioAddPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The options for registering another passkey; the staff member's own are excluded. */
        post: operations["studioAddPasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/passkeys/{passkeyID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes one of the staff member's passkeys; the last one is refused (409). */
        delete: operations["studioRemovePasskey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trainer's staff and the invitations not yet accepted (owner). */
        get: operations["studioListStaff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/staff/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invites someone by email as owner or coach (owner); the link lasts seven days. */
        post: operations["studioInviteStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/staff/{staffID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a staff member and ends their sessions (owner); the last owner is refused (409). */
        delete: operations["studioRemoveStaff"];
        options?: never;
        head?: never;
        /** Makes a staff member an owner or a coach (owner); the change applies to their open sessions at once, and the last owner is never made a coach (409). */
        patch: operations["studioChangeStaffRole"];
        trace?: never;
    };
    "/api/studio/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trainer's members, newest first, a page at a time (keyset), found by name or email and filtered. */
        get: operations["studioListMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/members/{memberID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member's page: subscriptions, charges, what they can open and why, grants, emails sent, the audit of changes to them, progress. */
        get: operations["studioGetMember"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/charges/{chargeID}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What refunding a charge would do, in the words the confirmation shows (owner). */
        get: operations["studioPreviewRefund"];
        put?: never;
        /**
         * Refunds a charge in whole, as previewed (owner).
         * @description The body repeats the preview's amount and currency: when they no longer match what would be refunded, nothing is refunded and the answer is 409 with the new preview.
         */
        post: operations["studioRefundCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/subscriptions/{subscriptionID}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What cancelling a subscription now or at the period's end would do (owner). */
        get: operations["studioPreviewCancel"];
        put?: never;
        /** Cancels a subscription now or at the period's end (owner); no money is given back. */
        post: operations["studioCancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/members/{memberID}/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grants a member a challenge, a course or the membership, from now until a day or with no end (owner, coach). */
        post: operations["studioGrantAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/members/{memberID}/grants/{grantID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revokes a grant now (owner, coach). */
        delete: operations["studioRevokeGrant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every price of the trainer's products, archived ones included. */
        get: operations["studioListPlans"];
        put?: never;
        /** Adds a recurring plan to the membership (owner). */
        post: operations["studioAddPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/plans/{planID}": {
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
         * Changes a plan's names, trial or amount (owner); a sold price is archived and replaced.
         * @description With dryRun=true nothing changes: the answer's `preview` says whether the change would archive a sold price and add its replacement, so the page can say so before saving.
         */
        patch: operations["studioUpdatePlan"];
        trace?: never;
    };
    "/api/studio/plans/{planID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes a plan out of the catalogue (owner); members on it keep it. */
        post: operations["studioArchivePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every product of the trainer with its prices, archived ones included. */
        get: operations["studioListProducts"];
        put?: never;
        /** Adds a challenge or a course with its one-time prices (owner). */
        post: operations["studioAddProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/products/{productID}": {
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
         * Changes a product's slug, names, description, position or page texts (owner).
         * @description Prices change through the plan operations. With dryRun=true nothing changes and the answer's `preview` lists what would.
         */
        patch: operations["studioUpdateProduct"];
        trace?: never;
    };
    "/api/studio/products/{productID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes a challenge or course off sale (owner); buyers keep it. */
        post: operations["studioArchiveProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trainer's coupons, archived ones included. */
        get: operations["studioListCoupons"];
        put?: never;
        /** Adds a coupon (owner). */
        post: operations["studioAddCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/coupons/{couponID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops a coupon being entered at checkout (owner). */
        post: operations["studioArchiveCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trainer's audit, newest first, a page at a time, each row with who made the change. */
        get: operations["studioListAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trainer's studio staff and the invitations not yet accepted. */
        get: operations["adminListStaff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/staff/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invites someone to a trainer's studio by email, as owner or coach; the link lasts seven days. */
        post: operations["adminInviteStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/trainers/{trainerID}/staff/{staffID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a staff member from a trainer's studio and ends their sessions. */
        delete: operations["adminRemoveStaff"];
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
            /** @description In the request's language: a request the contract refuses gets one sentence per field, naming it in words. */
            message: string;
            /** @description A request the contract refuses (400): each field wrong, for programs. */
            errors?: components["schemas"]["ValidationProblem"][];
        };
        ValidationProblem: {
            /** @enum {string} */
            in: "body" | "query" | "path" | "header";
            /** @description The field's path in its part of the request, such as nicknames.en or prices.0.amount; empty for the whole part. */
            field: string;
            /** @description The JSON Schema keyword it broke: required, additionalProperties, type, maximum, pattern… */
            rule: string;
            /** @description The field's sentence of `message`. */
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
            /** @description The name the trainer's invoices are issued under (decision 154). */
            legalName: string | null;
            /** @description The postal address on the invoices. */
            address: string | null;
            /** @description The tax id on the invoices. */
            taxId: string | null;
            /** @description Whether prices include tax and where it is collected (decision 173); null, none. */
            tax: null | components["schemas"]["TaxSettings"];
        };
        /** @description How the trainer's prices relate to tax (`inclusive`: the price is what the member pays; `exclusive`: tax is added), and the rate collected from members in each country, in basis points (2100: 21 %), keyed by ISO 3166-1 alpha-2 code. Members of other countries pay no tax. */
        TaxSettings: {
            /** @enum {string} */
            mode: "inclusive" | "exclusive";
            rates: {
                [key: string]: number;
            };
        };
        /** @description A legal name (at most 200 characters) or a tax id (at most 30 letters, digits, spaces, dots, dashes and slashes); empty or null clears it. The server refuses longer ones with a message. */
        LegalText: string | null;
        /** @description A postal address, its lines separated by newlines (at most 6 lines and 500 characters: the server refuses more with a message). */
        PostalAddress: string | null;
        /** @description Whom the member's invoices are made out to (decision 155): a company and its address and tax id; null where not given (the invoice then names the member). */
        BillingDetails: {
            company: components["schemas"]["LegalText"];
            address: components["schemas"]["PostalAddress"];
            taxId: components["schemas"]["LegalText"];
            /** @description The country tax is charged for (ISO 3166-1 alpha-2, decision 173); null, none. Left out of a change, it stays as it was. */
            country?: string | null;
        };
        /** @description An invoice of a charge or a credit note of its refund (decision 154). `pdfUrl` is Stripe's own PDF where Stripe issued an invoice of the charge (and `number` is then Stripe's), else this site's, which the member's session opens. */
        Invoice: {
            id: string;
            /** @enum {string} */
            series: "invoice" | "credit_note";
            number: string;
            /** Format: date-time */
            issuedAt: string;
            /** @description Minor units (cents). */
            total: number;
            currency: components["schemas"]["Currency"];
            description: string;
            chargeId: string;
            pdfUrl: string;
            hostedUrl: string | null;
        };
        /** @description What a member is offered before leaving (decisions 152, 153): the pause lengths, in months, they may choose (empty: no pause), and the one offer beside the cancel button (null: none; the reason is asked either way): a repeating coupon, by its code, for the next months, or a pause. */
        AdminRetention: {
            pauseMonths: number[];
            cancelOffer: null | {
                /** @constant */
                kind: "coupon";
                /** @description A repeating coupon's code. */
                coupon: string;
            } | {
                /** @constant */
                kind: "pause";
                months: number;
            };
        };
        AdminCancellationReason: {
            /** @enum {string|null} */
            reason: "too_expensive" | "missing_features" | "switched_service" | "unused" | "customer_service" | "too_complex" | "low_quality" | "other" | null;
            comment: string | null;
            /** @enum {string|null} */
            offer: "coupon" | "pause" | null;
            /** @enum {string} */
            outcome: "cancelled" | "offerTaken";
            /** Format: date-time */
            createdAt: string;
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
                name: "gateway" | "key" | "webhook" | "coupons" | "portal";
                /** @enum {string} */
                status: "ok" | "missing" | "failed";
                detail: string;
            }[];
        };
        AdminStripePortalFix: {
            /** @constant */
            success: true;
            /** @description The default portal configuration was changed. */
            fixed: boolean;
            /** @description The default portal configuration's id; null without Stripe or without one. */
            configuration: string | null;
            /** @description How the configuration differed from what the site needs (empty when it matched). */
            changes: string[];
            detail: string;
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
            status: "none" | "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid" | "paused";
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
            status: "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid" | "paused";
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
            /** @description What the member answered at the cancel button, newest first (decision 153). */
            cancellationReasons: components["schemas"]["AdminCancellationReason"][];
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
         * @description Why an item is closed (decision 136): never held; its purchase refunded; the subscription ended; a renewal overdue (open again the moment it is paid); the subscription paused by the member (open again when it resumes, decision 152); the member's plan does not include it; the operator's grant ended or was revoked.
         * @enum {string}
         */
        LibraryLockReason: "notHeld" | "refunded" | "ended" | "overdue" | "paused" | "planNotIncluded" | "grantEnded";
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
            status: "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid" | "paused";
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
                /** @description Minor units: what is charged, tax included where the member pays tax. */
                amount: number;
                currency: string;
                /** Format: date-time */
                date: string;
                /** @description Present only where the trainer collects tax from this member (decision 173): the amount before tax and the tax, which add up to `amount`. */
                tax?: {
                    net: number;
                    amount: number;
                    /** @enum {string} */
                    mode: "inclusive" | "exclusive";
                    country: string;
                    rate_basis_points: number;
                };
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
            /** @description Present while a declined renewal's invoice is due (past_due, unpaid): what a new card pays at once, tax included, and where the invoice holds tax, the tax and the rule it was issued with (decision 173), which the member's moving since does not change. */
            amount_due?: {
                amount: number;
                currency: string;
                tax?: {
                    net: number;
                    amount: number;
                    /** @enum {string} */
                    mode: "inclusive" | "exclusive";
                    country: string;
                    rate_basis_points: number;
                };
            };
            /** @description A pause the member asked for (decision 152): it begins at the end of the period paid for and resumes with a renewal; nothing is charged and the members' library is closed in between. Null when there is none. */
            pause?: null | {
                /** Format: date-time */
                starts_at: string;
                /** Format: date-time */
                resumes_at: string;
            };
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
                /** @description The first is the active one. The live subscription and the newest others, at most 10. */
                data: components["schemas"]["Subscription"][];
            };
            /** @description The latest charges, newest first, at most 20; My Purchases pages through every one with GET /api/user/charges. */
            charges: components["schemas"]["Charge"][];
            /** @description The `cursor` of GET /api/user/charges for the charges after these; null when these are all. */
            charges_cursor: string | null;
            /** @description The prices the member holds through a paid charge not refunded, however old: what the plan cards read to say a price is already purchased. */
            held_prices: string[];
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
        PauseOptions: {
            /** @constant */
            success: true;
            /** @description The pause lengths, in months, the trainer allows; empty when pauses are not offered. */
            allowed: number[];
            options: {
                months: number;
                /**
                 * Format: date-time
                 * @description The end of the period paid for.
                 */
                starts_at: string;
                /**
                 * Format: date-time
                 * @description The renewal that resumes it.
                 */
                resumes_at: string;
                next_charge: {
                    /** @description Minor units: what is charged, tax included where the member pays tax. */
                    amount: number;
                    currency: string;
                    /** Format: date-time */
                    date: string;
                    /** @description Present only where the trainer collects tax from this member (decision 173): the amount before tax and the tax, which add up to `amount`, as the member view's next charge. */
                    tax?: {
                        net: number;
                        amount: number;
                        /** @enum {string} */
                        mode: "inclusive" | "exclusive";
                        country: string;
                        rate_basis_points: number;
                    };
                };
                /** @description The digest of what the option states; pausing is held to it. */
                promise: string;
            }[];
        };
        MembershipChange: {
            /** @constant */
            success: true;
            /** @description Whether the change is already in the member's view; false when the payment provider's event records it in a moment (Stripe's webhook). */
            recorded: boolean;
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
            /** @description The home page's texts in the page's language: the hero (heading, sub-text, the trainer's photo), the pricing section's heading and sub-text, and the landing page's optional sections (what you get, results and testimonials, questions and answers, a short bio). A null heading falls back to the site's own; an empty list or a null bio leaves its section out. */
            home?: {
                heroHeading?: string | null;
                heroSubText?: string | null;
                heroImage?: components["schemas"]["SanityImage"] | null;
                pricingHeading?: string | null;
                pricingSubText?: string | null;
                benefitsHeading?: string | null;
                benefits?: {
                    key: string;
                    title: string;
                    text: string | null;
                }[];
                testimonialsHeading?: string | null;
                testimonials?: {
                    key: string;
                    quote: string;
                    name: string;
                    result: string | null;
                    photo: components["schemas"]["SanityImage"] | null;
                }[];
                faqHeading?: string | null;
                faq?: {
                    key: string;
                    question: string;
                    answer: string;
                }[];
                bioHeading?: string | null;
                bioText?: string | null;
                bioImage?: components["schemas"]["SanityImage"] | null;
                /** @description What the bio photo shows, its alt text. */
                bioImageAlt?: string | null;
            } | null;
        };
        /** @description What a visitor may see of a challenge's program or a course before buying: its first day or lesson (title, what it holds, about how long it takes) and the titles of the others, which stay locked. Never a locked unit's body, summary, exercises or files. */
        ProductSample: {
            /** @enum {string} */
            kind: "challenge" | "course";
            /** @description The catalogue product's slug. */
            product: string;
            /** @description The program's or course's title. */
            title: string;
            /** @description Days of the program */
            unitCount: number;
            free: {
                /** @constant */
                number: 1;
                title: string;
                /** @description A day's summary, or a lesson's opening paragraph. */
                summary: string | null;
                /** @description About how long it takes: a day's sets, reps (3 s each) or timed holds and rests; a lesson's reading at 200 words a minute. Null when nothing says. */
                minutes: number | null;
                /** @description A day's exercises in order (empty for a lesson). */
                exercises: {
                    exercise: string;
                    sets: number | null;
                    reps: number | null;
                    seconds: number | null;
                }[];
                /** @description A lesson's headings (empty for a day). */
                topics: string[];
            };
            locked: {
                number: number;
                title: string;
                /** @description A lesson's module title; null for a day. */
                module: string | null;
            }[];
        };
        ContentPage: {
            slug: string;
            pageName: string;
            body: components["schemas"]["PortableTextBlock"][];
        };
        PlanInput: {
            /** @enum {string} */
            interval: "year" | "month" | "week" | "day";
            intervalCount?: number;
            /** @description Minor units (cents). */
            amount: number;
            currency?: components["schemas"]["Currency"];
            trialDays?: number | null;
            nicknames: components["schemas"]["Nicknames"];
        };
        PlanChangeInput: {
            /** @enum {string} */
            interval?: "year" | "month" | "week" | "day";
            intervalCount?: number;
            /** @description Minor units (cents). */
            amount?: number;
            currency?: components["schemas"]["Currency"];
            trialDays?: number | null;
            nicknames?: components["schemas"]["Nicknames"];
        };
        ProductInput: {
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
        ProductChangeInput: {
            slug?: string;
            names?: components["schemas"]["ProductNames"];
            description?: string | null;
            position?: number;
            page?: components["schemas"]["PageTexts"];
        };
        CouponInput: {
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
        GrantInput: {
            /** @description `membership`, or a challenge's or course's product, by its slug or id. */
            target: string;
            /**
             * Format: date
             * @description The last day it is open (YYYY-MM-DD, a UTC day): it closes at 00:00 UTC of the day after. Absent: no end. A day before today is refused (400).
             */
            until?: string;
        };
        StudioPasskeyOptions: {
            /** @constant */
            success: true;
            /** @description The WebAuthn options in their JSON form (PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON), for @simplewebauthn/browser. The challenge in them is kept by the server for five minutes and answered once. */
            options: {
                challenge: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description The browser's RegistrationResponseJSON, as @simplewebauthn/browser gives it. */
        WebAuthnRegistration: {
            id: string;
            rawId: string;
            /** @constant */
            type: "public-key";
            response: {
                clientDataJSON: string;
                attestationObject: string;
                transports?: string[];
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description The browser's AuthenticationResponseJSON, as @simplewebauthn/browser gives it. */
        WebAuthnAuthentication: {
            id: string;
            rawId: string;
            /** @constant */
            type: "public-key";
            response: {
                clientDataJSON: string;
                authenticatorData: string;
                signature: string;
                userHandle?: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description The staff member's name, as the audit shows it. */
        StaffName: string;
        /**
         * @description owner: everything, staff included. coach: members, progress and grants; no refunds, cancellations, catalogue changes or staff.
         * @enum {string}
         */
        StaffRole: "owner" | "coach";
        /** @description What the staff member calls the device holding the passkey ("Work laptop"). */
        DeviceName: string;
        /** @description The signed-in staff member. */
        StudioStaff: {
            id: string;
            email: string;
            name: string;
            role: components["schemas"]["StaffRole"];
            trainerID: string;
            trainerName: string;
        };
        StudioStaffAnswer: {
            /** @constant */
            success: true;
            staff: components["schemas"]["StudioStaff"];
        };
        StudioInvitation: {
            email: string;
            role: components["schemas"]["StaffRole"];
            trainerName: string;
            /** Format: date-time */
            expiresAt: string;
        };
        StudioSession: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastSeenAt: string;
            userAgent: string | null;
            /** @description The session this request is made with. */
            current: boolean;
        };
        StudioPasskey: {
            id: string;
            deviceName: string | null;
            transports: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUsedAt: string | null;
        };
        StudioStaffMember: {
            id: string;
            email: string;
            name: string;
            role: components["schemas"]["StaffRole"];
            /** Format: date-time */
            createdAt: string;
            passkeys: number;
        };
        /** @description An invitation not yet accepted (or, in an invite's answer, the one just sent). */
        StudioStaffInvite: {
            id: string;
            email: string;
            role: components["schemas"]["StaffRole"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
            /** @description The name of who invited (a staff member */
            invitedBy: string;
        };
        StudioStaffList: {
            /** @constant */
            success: true;
            staff: components["schemas"]["StudioStaffMember"][];
            invites: components["schemas"]["StudioStaffInvite"][];
        };
        StaffInviteInput: {
            email: components["schemas"]["Email"];
            role: components["schemas"]["StaffRole"];
            locale?: components["schemas"]["Locale"];
        };
        StudioStaffInviteAnswer: {
            /** @constant */
            success: true;
            invite: components["schemas"]["StudioStaffInvite"];
        };
        StaffRoleInput: {
            role: components["schemas"]["StaffRole"];
        };
        StudioStaffMemberAnswer: {
            /** @constant */
            success: true;
            staff: components["schemas"]["StudioStaffMember"];
        };
        StudioMemberSummary: {
            id: string;
            name: string;
            email: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The status of the member's newest subscription; none when they never had one.
             * @enum {string}
             */
            status: "none" | "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid" | "paused";
            /** @description The newest subscription's plan */
            planName: string | null;
            /** @description A payment of theirs is failing now (a subscription past due). */
            failing: boolean;
        };
        StudioEmail: {
            template: string;
            subject: string;
            /**
             * Format: date-time
             * @description Null while it waits in the outbox.
             */
            sentAt: string | null;
            /** @enum {string} */
            status: "pending" | "sent" | "failed";
        };
        StudioProgress: {
            /** @description kind/slug, as in access. */
            item: string;
            title: string;
            done: number;
            total: number;
        };
        /** @description Who made a change; the operator is whoever used ADMIN_TOKEN (the CLI), named by admin-actor. */
        StudioActor: {
            /** @enum {string} */
            kind: "operator" | "staff";
            name: string;
            email: string | null;
        };
        StudioAuditEntry: {
            id: string;
            /** Format: date-time */
            at: string;
            actor: components["schemas"]["StudioActor"];
            /** @description The operation that made the change (adminRefundCharge */
            action: string;
            /** @description The id of what was changed. */
            subject: string;
            before: unknown;
            after: unknown;
        };
        StudioMember: {
            id: string;
            name: string;
            email: string;
            verified: boolean;
            /** Format: date-time */
            createdAt: string;
            subscriptions: components["schemas"]["AdminSubscription"][];
            charges: components["schemas"]["AdminCharge"][];
            access: components["schemas"]["AdminAccess"][];
            grants: components["schemas"]["AdminGrant"][];
            /** @description The newest 50. */
            emails: components["schemas"]["StudioEmail"][];
            /** @description Changes to the member */
            audit: components["schemas"]["StudioAuditEntry"][];
            progress: components["schemas"]["StudioProgress"][];
            /** @description What the member answered at the cancel button, newest first (decision 153). */
            cancellationReasons: components["schemas"]["AdminCancellationReason"][];
        };
        /** @description Something the member can no longer open once the change is made. */
        StudioLoss: {
            /**
             * @description The membership (its whole library) or a challenge or course bought.
             * @enum {string}
             */
            kind: "membership" | "challenge" | "course";
            name: string;
        };
        /** @description The card charged, when the gateway said which; null otherwise. */
        StudioCard: {
            /** @description As the payment method reads: Visa, Mastercard... */
            brand: string;
            last4: string;
        } | null;
        /** @description What a refund would do, in the confirmation's words: "Refund {amount} to {brand} •••• {last4}; the member loses {loses}". The amount confirmed is the amount refunded. */
        StudioRefundPreview: {
            chargeID: string;
            /** @description Minor units. */
            amount: number;
            currency: components["schemas"]["Currency"];
            card: components["schemas"]["StudioCard"];
            productName: string;
            loses: components["schemas"]["StudioLoss"][];
            alreadyRefunded: boolean;
        };
        StudioRefundPreviewAnswer: {
            /** @constant */
            success: true;
            refund: components["schemas"]["StudioRefundPreview"];
        };
        /** @description A 409 of a refund whose confirmed amount no longer matches; `refund` is the new preview. */
        StudioRefundChanged: {
            /** @constant */
            success: false;
            message: string;
            refund?: components["schemas"]["StudioRefundPreview"];
        };
        /** @description What a cancellation would do: when access ends, the plan, what the member loses then. No money is given back (refund a charge for that), so there is no refund. */
        StudioCancelPreview: {
            subscriptionID: string;
            /** @enum {string} */
            at: "now" | "period_end";
            /**
             * Format: date-time
             * @description When the member loses access.
             */
            endsAt: string;
            planName: string;
            /** @description The plan's price in minor units */
            amount: number;
            currency: components["schemas"]["Currency"];
            loses: components["schemas"]["StudioLoss"][];
        };
        StudioCancelPreviewAnswer: {
            /** @constant */
            success: true;
            cancel: components["schemas"]["StudioCancelPreview"];
        };
        StudioGrantAnswer: {
            /** @constant */
            success: true;
            grant: components["schemas"]["AdminGrant"];
        };
        /** @description What a catalogue change would do, asked with dryRun=true; nothing has changed. */
        StudioChangePreview: {
            /** @description The price has been sold and the change touches what was sold (amount, currency, period): it would be archived and a new price with the change would take its place; members keep theirs. */
            replaces: boolean;
            /** @description The fields that would change. */
            changes: string[];
            /** @description The change in words */
            summary: string;
        };
        StudioPlanAnswer: {
            /** @constant */
            success: true;
            plan?: components["schemas"]["AdminPlan"];
            /** @description The id of the sold price archived in the plan's place. */
            replaced?: string;
            preview?: components["schemas"]["StudioChangePreview"];
        };
        StudioProductAnswer: {
            /** @constant */
            success: true;
            product?: components["schemas"]["AdminProduct"];
            preview?: components["schemas"]["StudioChangePreview"];
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
        /** @description Only the members whose email or name contains this, in any case. */
        MembersSearch: string;
        /** @description Only the members whose newest subscription has this status (none, never subscribed). */
        MembersStatus: "none" | "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "unpaid" | "paused";
        /** @description Only the members whose newest subscription is on this price. */
        MembersPlan: string;
        /** @description With true, only the members whose renewal failed (newest subscription past due or unpaid). */
        MembersFailing: "true" | "false";
        /** @description Where the page starts, the previous page's `nextCursor`; the first page without it. */
        PageCursor: string;
        /** @description The invitation's token, from the emailed link. */
        InviteTokenPath: string;
        SessionIDPath: string;
        PasskeyIDPath: string;
        StaffIDPath: string;
        StudioMemberIDPath: string;
        /** @description The `nextCursor` of the page before; absent for the first page. */
        StudioCursor: string;
        CancelAt: "now" | "period_end";
        /** @description Change nothing; answer what the change would do. */
        DryRun: "true" | "false";
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
    getUserCharges: {
        parameters: {
            query?: {
                /** @description Where the page starts, the previous page's `nextCursor`; the first page without it. */
                cursor?: components["parameters"]["PageCursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of charges and where the next starts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        charges: components["schemas"]["Charge"][];
                        /** @description The `cursor` of the next page; null on the last. */
                        nextCursor: string | null;
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
    getPauseOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PauseOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    pauseSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    months: number;
                    promise: string;
                };
            };
        };
        responses: {
            /** @description The pause is planned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MembershipChange"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
        };
    };
    resumeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pause is over, or called off. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MembershipChange"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
        };
    };
    keepSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan renews as it is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MembershipChange"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
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
    getBillingDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's billing details. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        billingDetails: components["schemas"]["BillingDetails"];
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
    updateBillingDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BillingDetails"];
            };
        };
        responses: {
            /** @description The billing details as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        billingDetails: components["schemas"]["BillingDetails"];
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
    listInvoices: {
        parameters: {
            query?: {
                /** @description The `next` of the page before. */
                after?: string;
                /** @description How many documents a page holds, 1 to 50 (20 unless given). */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of documents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        invoices: components["schemas"]["Invoice"][];
                        next: string | null;
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
    downloadInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF, as an attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
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
    getProductSample: {
        parameters: {
            query?: {
                /** @description The language of the trainer's texts (CMS settings and pages, product pages, plan names). Texts written per language answer in it, with English where it has none; English by default. */
                lang?: components["parameters"]["Lang"];
            };
            header?: never;
            path: {
                kind: "challenge" | "course";
                /** @description The catalogue product's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sample. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        sample: components["schemas"]["ProductSample"];
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
    adminUpdateTrainer: {
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
                    legalName?: components["schemas"]["LegalText"];
                    address?: components["schemas"]["PostalAddress"];
                    taxId?: components["schemas"]["LegalText"];
                    tax?: null | components["schemas"]["TaxSettings"];
                };
            };
        };
        responses: {
            /** @description The trainer as changed. */
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminSetRetention: {
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
                "application/json": components["schemas"]["AdminRetention"];
            };
        };
        responses: {
            /** @description The settings as saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        retention: components["schemas"]["AdminRetention"];
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
    adminCancellationReasons: {
        parameters: {
            query?: {
                /** @description How many months back, this one included (default 12). */
                months?: number;
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
            /** @description The counts, oldest month first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        counts: {
                            month: string;
                            reason: string | null;
                            /** @enum {string} */
                            outcome: "cancelled" | "offerTaken";
                            count: number;
                        }[];
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
                "application/json": components["schemas"]["PlanInput"];
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
                "application/json": components["schemas"]["PlanChangeInput"];
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
                "application/json": components["schemas"]["ProductInput"];
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
                "application/json": components["schemas"]["ProductChangeInput"];
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
                "application/json": components["schemas"]["CouponInput"];
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
    adminFixStripePortal: {
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
            /** @description What was changed, or why nothing was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminStripePortalFix"];
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
                /** @description Only the members whose email or name contains this, in any case. */
                q?: components["parameters"]["MembersSearch"];
                /** @description Only the members whose newest subscription has this status (none, never subscribed). */
                status?: components["parameters"]["MembersStatus"];
                /** @description Only the members whose newest subscription is on this price. */
                plan?: components["parameters"]["MembersPlan"];
                /** @description With true, only the members whose renewal failed (newest subscription past due or unpaid). */
                failing?: components["parameters"]["MembersFailing"];
                /** @description Where the page starts, the previous page's `nextCursor`; the first page without it. */
                cursor?: components["parameters"]["PageCursor"];
                /** @description How many members a page holds, 1 to 100 (50 unless given). */
                limit?: string;
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
            /** @description One page of members, how many there are in all, and where the next page starts. */
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
                        /** @description False when more than 1,000 members match and `total` is an estimate. */
                        totalExact: boolean;
                        limit: number;
                        /** @description The `cursor` of the next page; null on the last. */
                        nextCursor: string | null;
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
                "application/json": components["schemas"]["GrantInput"];
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
    adminPreviewRefund: {
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
        requestBody?: never;
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioRefundPreviewAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
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
    adminPreviewCancel: {
        parameters: {
            query: {
                at: components["parameters"]["CancelAt"];
            };
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
        requestBody?: never;
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioCancelPreviewAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
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
    studioPasskeySignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options for navigator.credentials.get. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioPasskeyOptions"];
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
    studioPasskeySignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: components["schemas"]["WebAuthnAuthentication"];
                };
            };
        };
        responses: {
            /** @description Signed in; the answer sets the studio_session cookie. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffAnswer"];
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
    studioRequestSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: components["schemas"]["Email"];
                    /** @description The site's trainer; absent, a link is sent for every studio the address is staff of. */
                    trainerID?: components["schemas"]["TrainerID"];
                };
            };
        };
        responses: {
            /** @description Accepted: the link is on its way if the address is a staff member's. */
            202: {
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
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioVerifySignInLink: {
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
                    "application/json": components["schemas"]["StudioStaffAnswer"];
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
    studioGetInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's token, from the emailed link. */
                token: components["parameters"]["InviteTokenPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        invite: components["schemas"]["StudioInvitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioInvitePasskeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's token, from the emailed link. */
                token: components["parameters"]["InviteTokenPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["StaffName"];
                };
            };
        };
        responses: {
            /** @description The options for navigator.credentials.create. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioPasskeyOptions"];
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
    studioAcceptInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's token, from the emailed link. */
                token: components["parameters"]["InviteTokenPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["StaffName"];
                    response: components["schemas"]["WebAuthnRegistration"];
                    deviceName?: components["schemas"]["DeviceName"];
                };
            };
        };
        responses: {
            /** @description The account made and signed in; the answer sets the studio_session cookie. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffAnswer"];
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
    studioMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staff member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffAnswer"];
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
    studioSignOut: {
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioListSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        sessions: components["schemas"]["StudioSession"][];
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
    studioRevokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionID: components["parameters"]["SessionIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session ended. */
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
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioListPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The passkeys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        passkeys: components["schemas"]["StudioPasskey"][];
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
    studioAddPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: components["schemas"]["WebAuthnRegistration"];
                    deviceName?: components["schemas"]["DeviceName"];
                };
            };
        };
        responses: {
            /** @description The passkey added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        passkey: components["schemas"]["StudioPasskey"];
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
    studioAddPasskeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options for navigator.credentials.create. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioPasskeyOptions"];
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
    studioRemovePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                passkeyID: components["parameters"]["PasskeyIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The passkey removed. */
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
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioListStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staff. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffList"];
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
    studioInviteStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffInviteInput"];
            };
        };
        responses: {
            /** @description The invitation sent. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffInviteAnswer"];
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
    studioRemoveStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                staffID: components["parameters"]["StaffIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staff member removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffMemberAnswer"];
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
    studioChangeStaffRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                staffID: components["parameters"]["StaffIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffRoleInput"];
            };
        };
        responses: {
            /** @description The staff member with their new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffMemberAnswer"];
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
    studioListMembers: {
        parameters: {
            query?: {
                /** @description Part of the member's name or email, in any case. */
                q?: string;
                /** @description The status of the member's newest subscription; none for a member who never had one. */
                status?: "active" | "trialing" | "past_due" | "canceled" | "none";
                /** @description The price id of the member's newest subscription. */
                plan?: string;
                /** @description Only the members whose payment is failing now (a subscription past due). */
                failing?: "true";
                /** @description The `nextCursor` of the page before; absent for the first page. */
                cursor?: components["parameters"]["StudioCursor"];
                /** @description How many members a page holds, 1 to 100 (50 unless given). */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of members, and the cursor of the next (null on the last). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        members: components["schemas"]["StudioMemberSummary"][];
                        nextCursor: string | null;
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
    studioGetMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memberID: components["parameters"]["StudioMemberIDPath"];
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
                        member: components["schemas"]["StudioMember"];
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
    studioPreviewRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                chargeID: components["parameters"]["ChargeIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioRefundPreviewAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioRefundCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                chargeID: components["parameters"]["ChargeIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Minor units, as previewed. */
                    amount: number;
                    currency: components["schemas"]["Currency"];
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
            /** @description The charge cannot be refunded (already refunded, unpaid, a line of a larger payment), or the amount confirmed is no longer what would be refunded; `refund` is then the new preview. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioRefundChanged"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioPreviewCancel: {
        parameters: {
            query: {
                at: components["parameters"]["CancelAt"];
            };
            header?: never;
            path: {
                subscriptionID: components["parameters"]["SubscriptionIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioCancelPreviewAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioCancelSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: components["parameters"]["SubscriptionIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    at: "now" | "period_end";
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
    studioGrantAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memberID: components["parameters"]["StudioMemberIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GrantInput"];
            };
        };
        responses: {
            /** @description The grant made. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioGrantAnswer"];
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
    studioRevokeGrant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memberID: components["parameters"]["StudioMemberIDPath"];
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
                    "application/json": components["schemas"]["StudioGrantAnswer"];
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
    studioListPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans. */
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
    studioAddPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanInput"];
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
    studioUpdatePlan: {
        parameters: {
            query?: {
                /** @description Change nothing; answer what the change would do. */
                dryRun?: components["parameters"]["DryRun"];
            };
            header?: never;
            path: {
                planID: components["parameters"]["PlanIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanChangeInput"];
            };
        };
        responses: {
            /** @description The plan as it now is, or with dryRun the preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioPlanAnswer"];
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
    studioArchivePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
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
    studioListProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The products. */
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
    studioAddProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductInput"];
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
    studioUpdateProduct: {
        parameters: {
            query?: {
                /** @description Change nothing; answer what the change would do. */
                dryRun?: components["parameters"]["DryRun"];
            };
            header?: never;
            path: {
                productID: components["parameters"]["ProductIDPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductChangeInput"];
            };
        };
        responses: {
            /** @description The product as it now is, or with dryRun the preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioProductAnswer"];
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
    studioArchiveProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
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
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    studioListCoupons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupons. */
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
    studioAddCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponInput"];
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
    studioArchiveCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
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
    studioListAudit: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the page before; absent for the first page. */
                cursor?: components["parameters"]["StudioCursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the audit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        audit: components["schemas"]["StudioAuditEntry"][];
                        nextCursor: string | null;
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
    adminListStaff: {
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
            /** @description The staff. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffList"];
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
    adminInviteStaff: {
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
                "application/json": components["schemas"]["StaffInviteInput"];
            };
        };
        responses: {
            /** @description The invitation sent. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffInviteAnswer"];
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
    adminRemoveStaff: {
        parameters: {
            query?: never;
            header: {
                /** @description Who is making the call, as the audit table records it (a person's name or login). */
                "admin-actor": components["parameters"]["AdminActor"];
            };
            path: {
                trainerID: components["parameters"]["TrainerIDPath"];
                staffID: components["parameters"]["StaffIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staff member removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioStaffMemberAnswer"];
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
}
