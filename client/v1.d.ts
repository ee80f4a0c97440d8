// Generated from /api/v1/openapi.json by `npm run client:generate` (openapi-typescript). Do not edit.
export interface paths {
    "/daily-action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The daily action
         * @description The cause chosen for the current content day (it starts at 02:00 Europe/Berlin) and its action object in `lang`. Identical for every key holder; suppressed causes are never chosen. When the operator suppresses the current pick, a replacement is chosen at once.
         */
        get: operations["getDailyAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/causes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ranked list of active causes
         * @description Active causes, suppressed ones included, ordered by urgency score total (descending), then the nearer deadline (none last), then the higher stored urgency value (none last), then the slug: pages are stable. A page past the end is 200 with `items: []` and the real `total`.
         */
        get: operations["listCauses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/causes/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One active cause
         * @description The cause object, then the fields the list hides, then `action`. A suppressed cause is served (it stays in the list, spec 2.3). A cause that was listed and has ended (its deadline passed, its source dropped or closed it, an editor withdrew it) answers 410 saying why and since when; an unknown slug answers 404.
         */
        get: operations["getCause"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/daily-actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The archive of daily actions
         * @description The daily action of each content day from `from` to `to`, newest first, exactly as `GET /daily-action` served it that day: the texts, the urgency score and `refreshed_at` as they stood then, not as they are now. The service keeps a copy whenever the day's pick is stored, its texts are written, a suppression replaces it or an editor corrects a text; the last version of the day is the one kept.
         *
         *     A day without an action is listed with `cause` and `action` null and a `reason`: `Not archived: a daily action was chosen for this day, but what was served is not on record.` `Withdrawn: the daily action of this day was suppressed and no other cause was eligible.` `Withdrawn: an editor rejected the cause of this day's daily action after it was served.` `No cause was eligible for the daily action on this day.` `No refresh completed for this day, so no daily action was chosen.` Days before the service's first recorded day (its first refresh or pick) are not listed; `total` counts the days listed. A page past the end is 200 with `items: []` and the real `total`.
         */
        get: operations["listDailyActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/daily-actions/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The daily action of one past day
         * @description The entry of one content day, as in the archive: the cause and action as they were served, or `reason` when there were none. A day before the service's first recorded day answers 404.
         */
        get: operations["getDailyActionOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sources and the health of their last fetch
         * @description Every configured source (in the configuration's order), then any source no longer configured whose causes are still served (`configured: false`). `name` and `platform` are the `source_name` and `original_platform` of its causes. `status` is the outcome of the last fetch (`ok`, `incomplete`, `failed`, `never_fetched`) with its `reason`; `lastSuccessAt` says how fresh its causes are: a failed fetch leaves them as they were, so they may be older than the last refresh.
         *
         *     Takes no query parameters. The answer changes at each refresh (and with the catalogue); it carries no `Content-Language`.
         */
        get: operations["listSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/daily-action.rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The daily action as RSS 2.0
         * @description The daily action of the last 30 content days as RSS 2.0, newest first, with the texts as they were served that day (the archive, `GET /daily-actions`); days on which nothing was served are left out. Each item: the cause's title, a link to its `source_url`, the summary, the action's headline, why now and impact statement, the attribution of spec 2.5 (`Source: Engagement-Signal API (<this host>)`, `source_name` linked to `source_url`, `original_platform`), the start of its content day (02:00 Europe/Berlin) as date, and an id that stays the same for the day and language. With `category` or `region`, only the days whose cause matches (the feed's title names the filter).
         */
        get: operations["getDailyActionRss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/daily-action.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The daily action as Atom
         * @description The daily action of the last 30 content days as Atom (RFC 4287), newest first, with the texts as they were served that day (the archive, `GET /daily-actions`); days on which nothing was served are left out. Each item: the cause's title, a link to its `source_url`, the summary, the action's headline, why now and impact statement, the attribution of spec 2.5 (`Source: Engagement-Signal API (<this host>)`, `source_name` linked to `source_url`, `original_platform`), the start of its content day (02:00 Europe/Berlin) as date, and an id that stays the same for the day and language. With `category` or `region`, only the days whose cause matches (the feed's title names the filter).
         */
        get: operations["getDailyActionAtom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/daily-action.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The daily action as JSON Feed 1.1
         * @description The daily action of the last 30 content days as JSON Feed 1.1, newest first, with the texts as they were served that day (the archive, `GET /daily-actions`); days on which nothing was served are left out. Each item: the cause's title, a link to its `source_url`, the summary, the action's headline, why now and impact statement, the attribution of spec 2.5 (`Source: Engagement-Signal API (<this host>)`, `source_name` linked to `source_url`, `original_platform`), the start of its content day (02:00 Europe/Berlin) as date, and an id that stays the same for the day and language. With `category` or `region`, only the days whose cause matches (the feed's title names the filter).
         */
        get: operations["getDailyActionJsonFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/deadlines.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deadlines of the active causes as iCalendar
         * @description One all-day event per active, not suppressed cause with a deadline, on the deadline, titled with the cause's title in `lang`, with its summary, organisation, the attribution of spec 2.5 and its `source_url`. The UID stays the same for the cause (and language); when a source moves a deadline, the event keeps its UID and gets a higher `SEQUENCE` and a newer `DTSTAMP` and `LAST-MODIFIED`, so calendar apps move it. A cause that ends, leaves its source or is suppressed is no longer in the calendar. `category` and `region` filter the causes as they filter `GET /causes` (the calendar's name then names the filter).
         */
        get: operations["getDeadlineCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description No key needed; not counted against the limit.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
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
            error: string;
        };
        /** @description Spec 2.3, computed live from the stored signals. Days are Berlin calendar days; range boundaries are inclusive. */
        UrgencyScore: {
            /** @description Sum of the four breakdown values. */
            total: number;
            breakdown: {
                /**
                 * @description 60 for a deadline in 0–7 days, 30 for 8–30 days, else 0.
                 * @enum {integer}
                 */
                deadline_proximity: 0 | 30 | 60;
                /**
                 * @description 20 when progress_percentage is 70–95.
                 * @enum {integer}
                 */
                funding_gap: 0 | 20;
                /**
                 * @description 10 when imported 0–14 days ago.
                 * @enum {integer}
                 */
                recency: 0 | 10;
                /**
                 * @description 10 when has_above_average_ctr is true.
                 * @enum {integer}
                 */
                engagement: 0 | 10;
            };
            signals: {
                /** @description Deadline minus today (Berlin dates); null when there is no deadline. */
                days_until_deadline: number | null;
                /** @description fundingProgressPct rounded down to an integer; null when unknown. */
                progress_percentage: number | null;
                /** @description Today minus the Berlin date of the first import. */
                days_since_import: number;
                /** @description True when the stored cause-level urgency value is greater than 75 (the spec's proxy). */
                has_above_average_ctr: boolean;
            };
        };
        /** @description Spec 2.1: a cause as the list and the daily action show it. */
        Cause: {
            /** @description Identifier of the cause. */
            id: string;
            /** @description URL-safe name; used in `GET /causes/{slug}`. Stable for the life of the cause. */
            slug: string;
            /** @description Short title in `lang`: under `en` the source's English title, else one a language model translated, else the original. */
            title: string;
            /** @description Generated short abstract in `lang` (until the refresh has written one, the start of the description). */
            summary: string;
            /** @enum {string} */
            category: "Spenden" | "Petition" | "Brief";
            organisationName: string;
            /** Format: uri */
            organisationUrl: string;
            /**
             * Format: uri
             * @description Null when the source supplies no image.
             */
            imageUrl: string | null;
            /** @description Progress toward the goal in percent, rounded down to one decimal; may exceed 100. Current / goal × 100 when both are known and the goal is above zero, else the percentage the source gives, else null. */
            fundingProgressPct: number | null;
            /**
             * Format: date
             * @description YYYY-MM-DD (a Berlin date); null when there is no deadline.
             */
            deadline: string | null;
            urgency_score: components["schemas"]["UrgencyScore"];
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            source_name: string;
            /**
             * Format: uri
             * @description Attribution (spec 2.5): the cause on its source platform; render it as a clickable link.
             */
            source_url: string;
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            original_platform: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC: the last refresh that saw the cause in its source.
             */
            refreshed_at: string;
            /**
             * @description Who wrote `title` and `summary` in `lang` (not in the spec; added beside its fields). `source`: The source gives the cause in this language: the title and any sentence quoted in the summary are the source's own; the service wrote the sentences around them from the data. `service`: The source gives no text in this language: the service wrote the summary from the cause's data (kind, organiser, place, deadline, progress), and the title is the source's, in its own language. `model`: A language model wrote the summary from the source (and, where the source gives no text in this language, translated the title). `editor`: An editor wrote the summary.
             * @enum {string}
             */
            textSource: "source" | "service" | "model" | "editor";
        };
        /** @description Spec 2.2: the generated call to action. */
        Action: {
            /**
             * @description donate for Spenden, sign for Petition, write for Brief.
             * @enum {string}
             */
            type: "donate" | "sign" | "write";
            headline: string;
            whyNow: string;
            whyYou: string;
            impactStatement: string;
            /** @description True for generated content (every action object is). */
            isAiGenerated: boolean;
            /** @enum {string} */
            language: "de" | "en";
        };
        DailyAction: {
            cause: components["schemas"]["Cause"];
            /** @description Null when no action object exists yet for the cause in `lang`. */
            action: components["schemas"]["Action"] | null;
        };
        /** @description Spec 2.4: the list envelope. */
        CausePage: {
            /** @description Number of matching active causes. */
            total: number;
            page: number;
            pageSize: number;
            items: components["schemas"]["Cause"][];
        };
        /** @description Spec 2.1: a cause as the list and the daily action show it. */
        RegionalCause: {
            /** @description Identifier of the cause. */
            id: string;
            /** @description URL-safe name; used in `GET /causes/{slug}`. Stable for the life of the cause. */
            slug: string;
            /** @description Short title in `lang`: under `en` the source's English title, else one a language model translated, else the original. */
            title: string;
            /** @description Generated short abstract in `lang` (until the refresh has written one, the start of the description). */
            summary: string;
            /** @enum {string} */
            category: "Spenden" | "Petition" | "Brief";
            organisationName: string;
            /** Format: uri */
            organisationUrl: string;
            /**
             * Format: uri
             * @description Null when the source supplies no image.
             */
            imageUrl: string | null;
            /** @description Progress toward the goal in percent, rounded down to one decimal; may exceed 100. Current / goal × 100 when both are known and the goal is above zero, else the percentage the source gives, else null. */
            fundingProgressPct: number | null;
            /**
             * Format: date
             * @description YYYY-MM-DD (a Berlin date); null when there is no deadline.
             */
            deadline: string | null;
            urgency_score: components["schemas"]["UrgencyScore"];
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            source_name: string;
            /**
             * Format: uri
             * @description Attribution (spec 2.5): the cause on its source platform; render it as a clickable link.
             */
            source_url: string;
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            original_platform: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC: the last refresh that saw the cause in its source.
             */
            refreshed_at: string;
            /**
             * @description Who wrote `title` and `summary` in `lang` (not in the spec; added beside its fields). `source`: The source gives the cause in this language: the title and any sentence quoted in the summary are the source's own; the service wrote the sentences around them from the data. `service`: The source gives no text in this language: the service wrote the summary from the cause's data (kind, organiser, place, deadline, progress), and the title is the source's, in its own language. `model`: A language model wrote the summary from the source (and, where the source gives no text in this language, translated the title). `editor`: An editor wrote the summary.
             * @enum {string}
             */
            textSource: "source" | "service" | "model" | "editor";
            /**
             * @description The Land the cause is about, as ISO 3166-2:DE (`DE-BY`); `DE` for a nationwide cause (all of Germany); null when its place is not known.
             * @enum {string|null}
             */
            region: "DE-BB" | "DE-BE" | "DE-BW" | "DE-BY" | "DE-HB" | "DE-HE" | "DE-HH" | "DE-MV" | "DE-NI" | "DE-NW" | "DE-RP" | "DE-SH" | "DE-SL" | "DE-SN" | "DE-ST" | "DE-TH" | "DE" | null;
        };
        /** @description Spec 2.4: the list envelope. */
        RegionalCausePage: {
            /** @description Number of matching active causes. */
            total: number;
            page: number;
            pageSize: number;
            items: components["schemas"]["RegionalCause"][];
        };
        /** @description One page of an incremental sync: apply `removed` and `changed` to your copy, keep `cursor` for the next request. */
        CauseChanges: {
            /** @description Causes new to the list or with a changed field, in the order of their changes, as the list shows them. */
            changed: components["schemas"]["Cause"][];
            /** @description Causes that left the list. */
            removed: {
                /** @description Identifier of the cause. */
                id: string;
                slug: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC: when the removal was recorded.
                 */
                removedAt: string;
                /**
                 * @description `removed` (its source no longer lists it), `expired` (its deadline passed), `inactive` (its source closed it), `suppressed` (the operator withdrew it from promotion), `recategorised` (it moved to another category; under `category` it left that list).
                 * @enum {string}
                 */
                reason: "removed" | "expired" | "inactive" | "rejected" | "unreviewed" | "suppressed" | "recategorised";
            }[];
            /** @description Opaque: pass it as `cursor` in the next request (for the next page, or the next sync). */
            cursor: string;
            /** @description True when more changes follow: ask again with `cursor` right away. */
            hasMore: boolean;
            /** @description True when this is a full sync (the position was older than 90 days): once hasMore is false, drop every cause of your copy that none of its pages named. */
            full: boolean;
        };
        /** @description A cause with the fields the list hides and its action object. */
        CauseDetail: {
            /** @description Identifier of the cause. */
            id: string;
            /** @description URL-safe name; used in `GET /causes/{slug}`. Stable for the life of the cause. */
            slug: string;
            /** @description Short title in `lang`: under `en` the source's English title, else one a language model translated, else the original. */
            title: string;
            /** @description Generated short abstract in `lang` (until the refresh has written one, the start of the description). */
            summary: string;
            /** @enum {string} */
            category: "Spenden" | "Petition" | "Brief";
            organisationName: string;
            /** Format: uri */
            organisationUrl: string;
            /**
             * Format: uri
             * @description Null when the source supplies no image.
             */
            imageUrl: string | null;
            /** @description Progress toward the goal in percent, rounded down to one decimal; may exceed 100. Current / goal × 100 when both are known and the goal is above zero, else the percentage the source gives, else null. */
            fundingProgressPct: number | null;
            /**
             * Format: date
             * @description YYYY-MM-DD (a Berlin date); null when there is no deadline.
             */
            deadline: string | null;
            urgency_score: components["schemas"]["UrgencyScore"];
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            source_name: string;
            /**
             * Format: uri
             * @description Attribution (spec 2.5): the cause on its source platform; render it as a clickable link.
             */
            source_url: string;
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            original_platform: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC: the last refresh that saw the cause in its source.
             */
            refreshed_at: string;
            /**
             * @description Who wrote `title` and `summary` in `lang` (not in the spec; added beside its fields). `source`: The source gives the cause in this language: the title and any sentence quoted in the summary are the source's own; the service wrote the sentences around them from the data. `service`: The source gives no text in this language: the service wrote the summary from the cause's data (kind, organiser, place, deadline, progress), and the title is the source's, in its own language. `model`: A language model wrote the summary from the source (and, where the source gives no text in this language, translated the title). `editor`: An editor wrote the summary.
             * @enum {string}
             */
            textSource: "source" | "service" | "model" | "editor";
            /** @description The full description from the source, as plain text: in `lang` where the source gives it in that language (under `en` the source's English description), else the original. */
            description: string;
            /** @description Euros for donations, signatures or letters otherwise; null when unknown. */
            fundingGoal: number | null;
            /** @description Same unit as fundingGoal; null when unknown. */
            fundingCurrent: number | null;
            /** @description As the source gives it; null when it gives none. */
            leverageScore: number | null;
            /** @description As the source gives it; null when it gives none. */
            actionsToTippingPoint: number | null;
            /** @description The action object in `lang` when this cause was chosen as a daily action and its texts were written for the current content day; otherwise null. */
            action: components["schemas"]["Action"] | null;
        };
        /** @description A cause as the daily action served it on its day: the fields of Cause (spec 2.1), with the values they had then (the texts, the urgency score, refreshed_at), read from the copy kept that day. */
        ArchivedCause: {
            /** @description Identifier of the cause. */
            id: string;
            /** @description URL-safe name; used in `GET /causes/{slug}`. Stable for the life of the cause. */
            slug: string;
            /** @description Short title in `lang`: under `en` the source's English title, else one a language model translated, else the original. */
            title: string;
            /** @description Generated short abstract in `lang` (until the refresh has written one, the start of the description). */
            summary: string;
            /** @enum {string} */
            category: "Spenden" | "Petition" | "Brief";
            organisationName: string;
            /** Format: uri */
            organisationUrl: string;
            /**
             * Format: uri
             * @description Null when the source supplies no image.
             */
            imageUrl: string | null;
            /** @description Progress toward the goal in percent, rounded down to one decimal; may exceed 100. Current / goal × 100 when both are known and the goal is above zero, else the percentage the source gives, else null. */
            fundingProgressPct: number | null;
            /**
             * Format: date
             * @description YYYY-MM-DD (a Berlin date); null when there is no deadline.
             */
            deadline: string | null;
            urgency_score: components["schemas"]["UrgencyScore"];
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            source_name: string;
            /**
             * Format: uri
             * @description Attribution (spec 2.5): the cause on its source platform; render it as a clickable link.
             */
            source_url: string;
            /** @description Attribution (spec 2.5): must stay visible wherever the cause is shown. */
            original_platform: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC: the last refresh that saw the cause in its source.
             */
            refreshed_at: string;
            /**
             * @description Who wrote `title` and `summary` in `lang` (not in the spec; added beside its fields). `source`: The source gives the cause in this language: the title and any sentence quoted in the summary are the source's own; the service wrote the sentences around them from the data. `service`: The source gives no text in this language: the service wrote the summary from the cause's data (kind, organiser, place, deadline, progress), and the title is the source's, in its own language. `model`: A language model wrote the summary from the source (and, where the source gives no text in this language, translated the title). `editor`: An editor wrote the summary. Null for a day served before the service recorded it.
             * @enum {string|null}
             */
            textSource: "source" | "service" | "model" | "editor" | null;
        };
        /** @description One content day of the archive: the daily action as GET /daily-action served it that day, or why there is none. */
        ArchivedDailyAction: {
            /**
             * Format: date
             * @description The content day (it starts at 02:00 Europe/Berlin).
             */
            date: string;
            /** @description The cause in `lang` as it was served; null when `reason` says why there is none. */
            cause: components["schemas"]["ArchivedCause"] | null;
            /** @description The action object in `lang` as it was served; null when none was served in `lang`, or when `reason` says why there is none. */
            action: components["schemas"]["Action"] | null;
            /**
             * @description Why the day has no archived daily action; null when it has one.
             * @enum {string|null}
             */
            reason: "Not archived: a daily action was chosen for this day, but what was served is not on record." | "Withdrawn: the daily action of this day was suppressed and no other cause was eligible." | "Withdrawn: an editor rejected the cause of this day's daily action after it was served." | "No cause was eligible for the daily action on this day." | "No refresh completed for this day, so no daily action was chosen." | null;
        };
        /** @description A page of the archive of daily actions, newest day first. */
        DailyActionPage: {
            /**
             * Format: date
             * @description The first day of the range: as given, else 29 days before `to`.
             */
            from: string;
            /**
             * Format: date
             * @description The last day of the range: as given, else the current content day.
             */
            to: string;
            /** @description Days listed: every day from `from` (or from the service's first recorded day, when that is later) to `to`. */
            total: number;
            page: number;
            pageSize: number;
            items: components["schemas"]["ArchivedDailyAction"][];
        };
        /** @description One content day of the archive. */
        DailyActionDay: components["schemas"]["ArchivedDailyAction"];
        /** @description What one fetch of a source did to its causes. */
        SourceFetchCounts: {
            /** @description Causes imported for the first time. */
            new: number;
            /** @description Causes whose data changed. */
            updated: number;
            /** @description Causes seen again without a change. */
            unchanged: number;
            /** @description Ended causes that came back. */
            reactivated: number;
            /** @description Causes that ended: left the feed, over according to the source, or past their deadline. */
            deactivated: number;
            /** @description Items of the feed left out (invalid, or not a cause), each with its reason in the refresh record. */
            skipped: number;
        };
        /** @description A source of causes and the health of its last fetch: how fresh its causes are. */
        Source: {
            /** @description The `source_name` of its causes. */
            name: string;
            /** @description The `original_platform` of its causes. */
            platform: string;
            /**
             * @description How the source is read.
             * @enum {string}
             */
            type: "json-feed" | "demo" | "rss" | "betterplace";
            /** @description The licence or terms under which the source's data are used, as the operator notes them; null when none is noted. */
            licence: string | null;
            /** @description False for a source no longer configured whose causes are still served (it is not fetched any more). */
            configured: boolean;
            /**
             * @description The outcome of the last fetch.
             * @enum {string}
             */
            status: "ok" | "incomplete" | "failed" | "never_fetched";
            /** @description Why the last fetch failed (the error) or was incomplete (what could not be read); otherwise null. */
            reason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC: when the last fetch started, whatever its outcome; null when never fetched.
             */
            lastAttemptAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC: when the last successful fetch (ok or incomplete) started; its causes are as fresh as this. Null when none succeeded yet.
             */
            lastSuccessAt: string | null;
            /** @description Active causes from this source (suppressed ones included). */
            activeCauses: number;
            /** @description The counts of the last fetch; null when it failed or there was none. */
            lastFetchCounts: components["schemas"]["SourceFetchCounts"] | null;
        };
        /** @description The configured sources in the configuration's order, then those no longer configured whose causes are still served. */
        SourceList: components["schemas"]["Source"][];
    };
    responses: {
        /** @description Bad input: an invalid value (the message names the parameter and the allowed values), an unknown or a repeated query parameter. Never a silent clamp. */
        BadRequest: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No `X-Api-Key` header, or a key that is unknown, revoked or expired. */
        Unauthorized: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No `token` query parameter, or a feed token that is unknown, replaced, or belongs to a key that is revoked or expired. */
        FeedUnauthorized: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `Rate limit exceeded. Retry after 1 second.`: more than one request per second with this key (its feed token and the key share the limit). Wait `Retry-After` (1) seconds.
         *
         *     `Too many requests with a missing or invalid feed token from this address.`: this address sent too many requests without a valid key or feed token. Wait `Retry-After` seconds, and fix the token.
         */
        FeedTooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfterLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimitIfKeyChecked"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `Rate limit exceeded. Retry after 1 second.`: more than one request per second with this key. Wait `Retry-After` (1) seconds.
         *
         *     `Too many requests with a missing or invalid API key from this address.`: this address sent too many requests without a valid key (checked before the key, so no `RateLimit` key state). Wait `Retry-After` seconds, and fix the key.
         */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfterLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimitIfKeyChecked"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database is unreachable and the answer is not in memory: `Service temporarily unavailable. Retry later.` Retry after `Retry-After` seconds; the service recovers by itself. */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfterUnavailable"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimitIfKeyChecked"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected failure (logged by the service); no details. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Weak validator of the body; send it back as `If-None-Match`. */
        ETag: string;
        /** @description `private, max-age=N, must-revalidate` with N at most 300 and never past the next Berlin midnight or 02:00 (when days and the daily action change); 0 on an incremental sync's answer. */
        "Cache-Control": string;
        /** @description The `lang` of the response. */
        "Content-Language": "de" | "en";
        /** @description The per-key quota policy: one request per second. */
        "RateLimit-Policy": "\"per-key\";q=1;w=1";
        /** @description The key's remaining quota `r` in the current window and the seconds `t` until it resets. Absent when no valid key was presented. */
        RateLimit: string;
        /** @description As `RateLimit`, when the key was checked before the answer: absent when the database was needed for the key and is down, or when the address was limited for bad keys. */
        RateLimitIfKeyChecked: string;
        /** @description `1` for the per-key limit; for the limit on missing or invalid keys from one address, the seconds until that address may try again. */
        RetryAfterLimit: string;
        /** @description Seconds after which asking again may succeed (see the response's description for when it is sent). */
        RetryAfterSeconds: string;
        /** @description Seconds after which asking again may succeed. */
        RetryAfterUnavailable: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getDailyAction: {
        parameters: {
            query?: {
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The daily action. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DailyAction"];
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /**
             * @description `No action available today.`: no daily action for the current content day. With `Retry-After`, the day's refresh is still to come or running (at start-up, and for the seconds after 02:00 Europe/Berlin until the day's pick is stored): ask again after that many seconds. Without it, the refresh has finished and no cause was eligible (or the pick was suppressed or withdrawn and none is left): show nothing today.
             *
             *     `Service temporarily unavailable. Retry later.` with `Retry-After`: the database is unreachable and the answer is not in memory.
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfterSeconds"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimitIfKeyChecked"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCauses: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: number;
                /** @description Entries per page, 1 to 50. */
                pageSize?: number;
                /** @description Only causes of this category (case-sensitive). */
                category?: "Spenden" | "Petition" | "Brief";
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
                /** @description A Land as ISO 3166-2:DE (case-sensitive): that Land's causes and the nationwide ones (`region` `DE`); those whose place is not known (`region` null) only with `includeUnknownRegion=true`. In the same order, and every cause then carries its `region` (the answer is a `RegionalCausePage`). Without it the list is as the specification has it, with no `region` field. */
                region?: "DE-BB" | "DE-BE" | "DE-BW" | "DE-BY" | "DE-HB" | "DE-HE" | "DE-HH" | "DE-MV" | "DE-NI" | "DE-NW" | "DE-RP" | "DE-SH" | "DE-SL" | "DE-SN" | "DE-ST" | "DE-TH";
                /** @description `true`: with `region`, the causes whose place is not known (`region` null) too; `false` (the default): not. Only with `region` (a 400 without it). */
                includeUnknownRegion?: boolean;
                /** @description Starts an incremental sync: the causes changed after this instant and those that left the list (an ISO 8601 date and time with a time zone). The answer is a CauseChanges, not a page; `page` cannot be combined with it. Older than 90 days (or `1970-01-01T00:00:00Z` for a first sync): a full sync. */
                changedSince?: string;
                /** @description Continues an incremental sync from the `cursor` of its last answer (the next page, or the next sync). Not with `changedSince` or `page`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list: a `CausePage`, or with `region` a `RegionalCausePage`; with `changedSince` or `cursor`, one page of an incremental sync (`CauseChanges`), whose `Cache-Control` has `max-age=0`. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CausePage"] | components["schemas"]["RegionalCausePage"] | components["schemas"]["CauseChanges"];
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCause: {
        parameters: {
            query?: {
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The `slug` of a cause. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cause. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CauseDetail"];
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No cause has this slug, or none that was ever listed (also for slugs that cannot exist). */
            404: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Gone: the cause was listed and has ended. The message says why, then the day (Europe/Berlin) the service took it off the list; the reasons are those of an incremental sync's `removed`:
             *     - `expired`: This cause has ended: its deadline was 2026-11-20. It left the list on 2026-11-21.
             *     - `removed`: This cause has ended: its source no longer lists it. It left the list on 2026-11-21.
             *     - `inactive`: This cause has ended: its source closed it. It left the list on 2026-11-21.
             *     - `rejected`: This cause was withdrawn: an editor rejected it. It left the list on 2026-11-21.
             *     - `unreviewed`: This cause is withdrawn until an editor has reviewed it again. It left the list on 2026-11-21.
             *
             *     A cause withdrawn for review (`unreviewed`) answers 200 again once an editor releases it. A cause deleted since answers 410 while the incremental sync keeps its tombstone (at least 90 days), then 404.
             */
            410: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listDailyActions: {
        parameters: {
            query?: {
                /** @description The first content day (YYYY-MM-DD). Default: 29 days before `to`. At most 365 days before `to`, and not after it. */
                from?: string;
                /** @description The last content day (YYYY-MM-DD). Default and latest: the current content day (it starts at 02:00 Europe/Berlin). */
                to?: string;
                /** @description 1-based page number. */
                page?: number;
                /** @description Days per page, 1 to 50. */
                pageSize?: number;
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the archive. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DailyActionPage"];
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDailyActionOn: {
        parameters: {
            query?: {
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The content day, YYYY-MM-DD, no later than the current one. */
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The day. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DailyActionDay"];
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Nothing is recorded for this day: it is before the service's first refresh or pick. */
            404: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sources. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceList"];
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDailyActionRss: {
        parameters: {
            query?: {
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
                /** @description Only the days whose daily action is a cause of this category (case-sensitive); the others are left out, as days without one are. */
                category?: "Spenden" | "Petition" | "Brief";
                /** @description A Land as ISO 3166-2:DE (case-sensitive): that Land's causes and the nationwide ones (`region` `DE`); those whose place is not known (`region` null) only with `includeUnknownRegion=true`. Only the days whose daily action is such a cause, as `GET /causes?region=` filters the list. The place is the cause's as it is now (a cause no longer stored counts as of unknown place). */
                region?: "DE-BB" | "DE-BE" | "DE-BW" | "DE-BY" | "DE-HB" | "DE-HE" | "DE-HH" | "DE-MV" | "DE-NI" | "DE-NW" | "DE-RP" | "DE-SH" | "DE-SL" | "DE-SN" | "DE-ST" | "DE-TH";
                /** @description `true`: with `region`, the causes whose place is not known (`region` null) too; `false` (the default): not. Only with `region` (a 400 without it). */
                includeUnknownRegion?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed (`application/rss+xml; charset=utf-8`). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FeedUnauthorized"];
            429: components["responses"]["FeedTooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDailyActionAtom: {
        parameters: {
            query?: {
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
                /** @description Only the days whose daily action is a cause of this category (case-sensitive); the others are left out, as days without one are. */
                category?: "Spenden" | "Petition" | "Brief";
                /** @description A Land as ISO 3166-2:DE (case-sensitive): that Land's causes and the nationwide ones (`region` `DE`); those whose place is not known (`region` null) only with `includeUnknownRegion=true`. Only the days whose daily action is such a cause, as `GET /causes?region=` filters the list. The place is the cause's as it is now (a cause no longer stored counts as of unknown place). */
                region?: "DE-BB" | "DE-BE" | "DE-BW" | "DE-BY" | "DE-HB" | "DE-HE" | "DE-HH" | "DE-MV" | "DE-NI" | "DE-NW" | "DE-RP" | "DE-SH" | "DE-SL" | "DE-SN" | "DE-ST" | "DE-TH";
                /** @description `true`: with `region`, the causes whose place is not known (`region` null) too; `false` (the default): not. Only with `region` (a 400 without it). */
                includeUnknownRegion?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed (`application/atom+xml; charset=utf-8`). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FeedUnauthorized"];
            429: components["responses"]["FeedTooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDailyActionJsonFeed: {
        parameters: {
            query?: {
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
                /** @description Only the days whose daily action is a cause of this category (case-sensitive); the others are left out, as days without one are. */
                category?: "Spenden" | "Petition" | "Brief";
                /** @description A Land as ISO 3166-2:DE (case-sensitive): that Land's causes and the nationwide ones (`region` `DE`); those whose place is not known (`region` null) only with `includeUnknownRegion=true`. Only the days whose daily action is such a cause, as `GET /causes?region=` filters the list. The place is the cause's as it is now (a cause no longer stored counts as of unknown place). */
                region?: "DE-BB" | "DE-BE" | "DE-BW" | "DE-BY" | "DE-HB" | "DE-HE" | "DE-HH" | "DE-MV" | "DE-NI" | "DE-NW" | "DE-RP" | "DE-SH" | "DE-SL" | "DE-SN" | "DE-ST" | "DE-TH";
                /** @description `true`: with `region`, the causes whose place is not known (`region` null) too; `false` (the default): not. Only with `region` (a 400 without it). */
                includeUnknownRegion?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed (`application/feed+json; charset=utf-8`). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/feed+json": string;
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FeedUnauthorized"];
            429: components["responses"]["FeedTooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDeadlineCalendar: {
        parameters: {
            query?: {
                /** @description Language of the generated texts; case-sensitive. The response carries it as `Content-Language`. */
                lang?: "de" | "en";
                /** @description Only the deadlines of causes of this category (case-sensitive). */
                category?: "Spenden" | "Petition" | "Brief";
                /** @description A Land as ISO 3166-2:DE (case-sensitive): that Land's causes and the nationwide ones (`region` `DE`); those whose place is not known (`region` null) only with `includeUnknownRegion=true`. Only the deadlines of such causes, as `GET /causes?region=`. */
                region?: "DE-BB" | "DE-BE" | "DE-BW" | "DE-BY" | "DE-HB" | "DE-HE" | "DE-HH" | "DE-MV" | "DE-NI" | "DE-NW" | "DE-RP" | "DE-SH" | "DE-SL" | "DE-SN" | "DE-ST" | "DE-TH";
                /** @description `true`: with `region`, the causes whose place is not known (`region` null) too; `false` (the default): not. Only with `region` (a 400 without it). */
                includeUnknownRegion?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed (`text/calendar; charset=utf-8`). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Not modified: the `If-None-Match` header matched the current `ETag`. No body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FeedUnauthorized"];
            429: components["responses"]["FeedTooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
}
