# English wording of the built-in text generator (Project Fluent, https://projectfluent.org).
#
# The generator chooses the facts and which message to use; this file holds every word. An editor may
# change any text to the right of "=", and may add variants: a message whose name ends in -1, -2, …
# is one of a set, and the generator uses every number it finds (numbered without gaps). Keep the
# { $placeholders } a message already uses; the code fills them in.
#
# When the source has no English title, the title is quoted as it is; where its words are German it is
# introduced as such ("the German-language petition “Tempo 30 vor allen Schulen in Köln”"), never
# passed off as English text. A title that is a name or a code ("CRE179 GSM Security") is not marked.
# No sentence opens with a figure.

## Names and units

month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December
weekday-0 = Sunday
weekday-1 = Monday
weekday-2 = Tuesday
weekday-3 = Wednesday
weekday-4 = Thursday
weekday-5 = Friday
weekday-6 = Saturday
date = { $day } { $month } { $year }
day-month = { $day } { $month }
weekday-date = { $weekday }, { $day } { $month }
euros = €{ $amount }
percent = { $value }%

campaign = { $category ->
    [Spenden] fundraiser
    [Petition] petition
   *[Brief] letter campaign
}
campaign-titled = { $campaign } “{ $title }”
campaign-titled-foreign = { $source ->
    [de] German-language
    [fr] French-language
   *[other] original-language
  } { $campaign } “{ $title }”

units = { $category ->
    [Spenden] €{ $amount }
    [Petition] { $n ->
        [one] { $amount } signature
       *[other] { $amount } signatures
    }
   *[Brief] { $n ->
        [one] { $amount } letter
       *[other] { $amount } letters
    }
}

## Summary: who is behind the campaign and until when (absolute dates only)

summary-frame-date-1 = The { $campaign } is run by { $org } and is open until { $date }.
summary-frame-date-2 = { $org } is behind the { $campaign }, which runs until { $date }.
summary-frame-date-3 = { $action ->
    [Spenden] The { $campaign } by { $org } is taking donations until { $date }.
    [Petition] The { $campaign } by { $org } is collecting signatures until { $date }.
   *[Brief] The { $campaign } by { $org } is collecting letters until { $date }.
}
summary-frame-date-4 = Organised by { $org }, the { $campaign } closes on { $date }.
summary-frame-date-5 = You can support the { $campaign } until { $date }; it was started by { $org }.
summary-frame-date-6 = The { $campaign } was launched by { $org } and ends on { $date }.
summary-frame-date-7 = The { $campaign } from { $org } runs until { $date }.
summary-frame-date-8 = { $org } started the { $campaign }; it closes on { $date }.
summary-frame-date-9 = The { $campaign } by { $org } is open until { $date }.

summary-frame-nodate-1 = { $org } is behind the { $campaign }.
summary-frame-nodate-2 = The { $campaign } was started by { $org }.
summary-frame-nodate-3 = The { $campaign } is organised by { $org }.
summary-frame-nodate-4 = The { $campaign } is run by { $org }.
summary-frame-nodate-5 = { $org } launched the { $campaign }.

summary-frame-publisher-date-1 = The { $campaign } was published by { $org } and runs until { $date }.
summary-frame-publisher-date-2 = Published by { $org }, the { $campaign } runs until { $date }.
summary-frame-publisher-nodate-1 = The { $campaign } was published by { $org }.
summary-frame-publisher-nodate-2 = { $org } published the { $campaign }.
# A publisher whose name is a website's ("openPetition", "change.org", "heise online"): the campaign
# appeared there; the website is not its author.
summary-frame-publisher-label-date-1 = The { $campaign } was published on { $org } and runs until { $date }.
summary-frame-publisher-label-date-2 = Published on { $org }, the { $campaign } runs until { $date }.
summary-frame-publisher-label-nodate-1 = The { $campaign } was published on { $org }.
summary-frame-publisher-label-nodate-2 = The { $campaign } appeared on { $org }.
# A publisher whose name is neither a website's nor an English one ("Deutscher Bundestag, Petitionsausschuss"):
# the host of the action's page, where the item appeared.
summary-frame-publisher-host-date-1 = The { $campaign } was published on { $host } and runs until { $date }.
summary-frame-publisher-host-nodate-1 = The { $campaign } was published on { $host }.

# neither an open status nor a deadline: the source does not say whether the action can still be joined
summary-status-unknown = { $category ->
    [Spenden] Whether donations are still being accepted is not known.
    [Petition] Whether it can still be signed is not known.
   *[Brief] Whether letters can still be sent is not known.
}

## Summary: the source's words, quoted and attributed
# A sentence of the description is the source's, never the service's: it stands in quotation marks after
# words that say whose it is. $text is the quoted sentences as the source wrote them, with their own
# closing punctuation (inside the marks: “… detours.”) and their own quotation marks turned into the inner
# ones (‘…’). Neutral verbs of saying ("write", "says"), never ones that judge ("claim", "admit"), and no
# claim of what the sentence is ("describe the project as follows": it may state the problem).
# -organisers-: the organisation the summary names is behind the campaign and wrote its description, and it
# is an organisation (its German name has a certain head noun): "the organisers" are its people.
summary-quote-organisers-1 = The { $campaign }’s description says: “{ $text }”
summary-quote-organisers-2 = The organisers write: “{ $text }”
summary-quote-organisers-3 = In the organisers’ words: “{ $text }”
summary-quote-organisers-4 = The description of the { $campaign } says: “{ $text }”
summary-quote-organisers-5 = In their description, the organisers write: “{ $text }”
# -description-: the organisation only published the item, or its name may be a person's ("Maria Schmidt"):
# the description is named, never the publisher as its author, and no plural "organisers" for what may be
# one person. No "its description": "its" could be the publisher's.
summary-quote-description-1 = The { $campaign }’s description says: “{ $text }”
summary-quote-description-2 = The description of the { $campaign } says: “{ $text }”
summary-quote-description-3 = The text of the { $campaign } reads: “{ $text }”

# The cause's own text is in another language than the summary, which has no sentence of it to quote
# (no translation is written): said plainly.
text-language = { $code ->
    [de] German
    [fr] French
    [es] Spanish
    [it] Italian
    [nl] Dutch
    [pl] Polish
   *[other] another language
}
# with $status unknown, the note on the status joins it, so the summary keeps to three sentences
summary-language = { $category ->
    [Petition] The petition is written in { $language }
    [Spenden] The fundraiser is described in { $language }
   *[Brief] The letter campaign is described in { $language }
}{ $status ->
    [unknown] { $category ->
        [Spenden] ; whether donations are still being accepted is not known.
        [Petition] ; whether it can still be signed is not known.
       *[Brief] ; whether letters can still be sent is not known.
    }
   *[known] .
}

## Summary: progress

# the month the source last updated the figures, after a sentence with figures: "(as of March 2024)"
figures-as-of = as of { $month } { $year }

summary-progress-both-1 = { $category ->
    [Spenden] So far, { $current } of { $goal } has been raised.
    [Petition] So far, { $current } of { $goalUnits } { $n ->
        [one] has
       *[other] have
    } been collected.
   *[Brief] So far, { $current } of { $goalUnits } { $n ->
        [one] has
       *[other] have
    } been written.
}
summary-progress-both-2 = { $category ->
    [Spenden] Of the { $goal } the { $campaign } aims for, { $current } has been donated.
    [Petition] The goal is { $goalUnits }; { $currentUnits } { $n ->
        [one] is
       *[other] are
    } already in.
   *[Brief] The goal is { $goalUnits }; { $currentUnits } { $n ->
        [one] has
       *[other] have
    } already been written.
}
summary-progress-both-3 = { $category ->
    [Spenden] The { $campaign } has raised { $current } so far, towards a goal of { $goal }.
    [Petition] So far, { $n ->
        [one] one person has
       *[other] { $current } people have
    } signed, towards a target of { $goalUnits }.
   *[Brief] So far, { $currentUnits } { $n ->
        [one] has
       *[other] have
    } been sent, towards a target of { $goalUnits }.
}
summary-progress-both-4 = { $category ->
    [Spenden] The { $campaign } has raised { $current } of its { $goal } goal.
   *[other] The { $campaign } has gathered { $n ->
        [one] one
       *[other] { $current }
    } of the { $goalUnits } it is aiming for.
}
summary-progress-both-5 = { $category ->
    [Spenden] Donations so far come to { $current }, against a goal of { $goal }.
    [Petition] The petition has collected { $currentUnits } so far; its goal is { $goal }.
   *[Brief] The campaign has gathered { $currentUnits } so far; its goal is { $goal }.
}
summary-progress-both-6 = { $category ->
    [Spenden] The total stands at { $current } of the { $goal } goal.
    [Petition] So far, { $current } of the { $goalUnits } the { $campaign } aims for { $n ->
        [one] has
       *[other] have
    } been collected.
   *[Brief] So far, { $current } of the { $goalUnits } the { $campaign } aims for { $n ->
        [one] has
       *[other] have
    } been written.
}
# a fundraiser's figures as the platform dated them: donated and still needed, no goal (a sentence ending "(as of …)")
summary-progress-dated-open-1 = { $past ->
    [yes] Donations stood at { $current }, with { $gap } still needed.
   *[no] Donations stand at { $current }, with { $gap } still needed.
}
summary-progress-reached-1 = With { $currentUnits }, the { $campaign } has already { $over ->
    [yes] exceeded
   *[no] reached
} its goal of { $goalUnits }.
summary-progress-reached-2 = The { $campaign }’s goal of { $goalUnits } has already been { $over ->
    [yes] exceeded
   *[no] reached
}, with { $currentUnits }.
summary-progress-goal-1 = The goal is { $goalUnits }.
summary-progress-goal-2 = The { $campaign } aims for { $goalUnits }.
summary-progress-goalpct-1 = The { $campaign } has reached { $pct } of its goal of { $goalUnits }.
summary-progress-goalpct-2 = The { $campaign } stands at { $pct } of its goal of { $goalUnits }.
summary-progress-pct-1 = According to the platform, the { $campaign } has reached { $pct } of its target.
summary-progress-pct-2 = The platform puts the { $campaign } at { $pct } of its target.
summary-progress-current-1 = { $category ->
    [Spenden] So far, { $current } has been raised.
    [Petition] { $n ->
        [one] So far, one person has signed.
       *[other] So far, { $current } people have signed.
    }
   *[Brief] So far, { $currentUnits } { $n ->
        [one] has
       *[other] have
    } been written.
}

## Daily action (served from 02:00 until 02:00 the next day: the deadline is named by weekday and date).
## The headline carries the call and the deadline; whyNow what is missing and what happens after the
## deadline (never the headline's date, never the summary's percentage); the impact statement what one
## action adds. After a colon: lowercase.

call = { $category ->
    [Spenden] donate now
    [Petition] sign now
   *[Brief] write a letter now
}
call-cap = { $category ->
    [Spenden] Donate now
    [Petition] Sign now
   *[Brief] Write a letter now
}
headline-label = “{ $title }”: { $headline }

# Every sentence below says only what a data field says (the goal, the gap, the count, the deadline, the
# open status, the organisation) or what the reader's action literally is (a signature adds a name to the
# petition and to its count; a donation adds its amount to what is raised; a letter is one more letter of
# the campaign; the reader decides), or it is a plain call to act. No effect, support, attention or speed
# that no field states: not "your voice matters", "makes a difference", "gets noticed", "strengthens", "helps",
# "weight", "backing", "pressure", "takes only a moment", nothing about how decision-makers react.

headline-soon-1 = Open until { $weekdayDate }: { $call }
headline-soon-2 = { $callCap } – the { $campaign } closes on { $weekdayDate }
headline-soon-3 = Still open until { $weekdayDate }: { $call }
headline-soon-4 = { $callCap } – the { $campaign } ends on { $weekdayDate }
headline-later-1 = { $callCap } – the { $campaign } runs until { $dateShort }
headline-later-2 = Running until { $dateShort }: { $call }
headline-later-3 = Still open until { $dateShort }: { $call }
headline-later-4 = { $callCap } – the deadline is { $dateShort }
headline-later-5 = Until { $dateShort }: { $call }
# no deadline; 70 to 99% of the goal
headline-close-1 = Already { $pct } there: { $call }
headline-close-2 = { $callCap } – the { $campaign } stands at { $pct } of its goal
headline-close-3 = Goal { $pct } reached: { $call }
headline-over-1 = Goal { $over ->
    [yes] exceeded
   *[no] reached
}: { $call }
headline-over-2 = { $callCap } – the goal has already been { $over ->
    [yes] exceeded
   *[no] reached
}
headline-open-1 = { $category ->
    [Spenden] You choose the amount: { $call }
    [Petition] Put your name to the demand: { $call }
   *[Brief] If the cause matters to you: { $call }
}
headline-open-2 = { $category ->
    [Spenden] { $callCap } and add to the total raised
   *[other] { $callCap } and join the { $campaign }
}
headline-open-3 = { $category ->
    [Spenden] A contribution to the fundraiser: { $call }
    [Petition] Your name on the petition: { $call }
   *[Brief] Join in: { $call }
}
headline-open-4 = { $category ->
    [Spenden] If you would like to support the project: { $call }
    [Petition] Back the demand: { $call }
   *[Brief] One more letter for the cause: { $call }
}

# what was missing when the source last updated its figures (older than the refresh): in the past, with its month
whynow-gap-dated = { $category ->
    [Spenden] In { $month } { $year }, the fundraiser was still { $gap } short of its goal.
    [Petition] In { $month } { $year }, the petition was still { $gapUnits } short of its goal.
   *[Brief] In { $month } { $year }, the letter campaign was still { $gapUnits } short of its goal.
}
whynow-gap-1 = { $category ->
    [Spenden] The fundraiser still needs { $gap } to reach its goal.
    [Petition] The petition still needs { $gapUnits } to reach its goal.
   *[Brief] The campaign still needs { $gapUnits } to reach its goal.
}
whynow-gap-2 = { $category ->
    [Spenden] The fundraiser is still { $gap } short of its goal.
    [Petition] The petition needs another { $gapUnits } to reach its goal.
   *[Brief] The letter campaign needs another { $gapUnits } to reach its goal.
}
whynow-gap-3 = { $category ->
    [Spenden] The goal has not been reached yet: { $gap } is still needed.
   *[other] The goal has not been reached yet: { $gapUnits } are still needed.
}
whynow-gap-4 = { $category ->
    [Spenden] Another { $gap } will take the fundraiser to its goal.
    [Petition] Another { $gapUnits } will take the petition to its goal.
   *[Brief] Another { $gapUnits } will take the campaign to its goal.
}
whynow-gap-5 = { $category ->
    [Spenden] To reach the goal, { $gap } more is needed.
    [Petition] To reach the goal, { $gapAmount } more { $gapN ->
        [one] signature is
       *[other] signatures are
    } needed.
   *[Brief] To reach the goal, { $gapAmount } more { $gapN ->
        [one] letter is
       *[other] letters are
    } needed.
}
whynow-gap-6 = { $category ->
    [Spenden] The fundraising goal is still { $gap } away.
    [Petition] The petition is still { $gapUnits } away from its goal.
   *[Brief] The campaign is still { $gapUnits } away from its goal.
}
whynow-gap-one = { $category ->
    [Spenden] Only { $gap } is still needed to reach the goal.
    [Petition] Just one more signature is needed to reach the goal.
   *[Brief] Just one more letter is needed to reach the goal.
}
whynow-tipping-1 = According to the platform, another { $tippingUnits } are needed.
whynow-tipping-2 = According to the platform, the { $campaign } still needs { $tippingUnits }.
whynow-tipping-one = { $category ->
    [Petition] According to the platform, the petition needs just one more signature.
   *[Brief] According to the platform, the campaign needs just one more letter.
}
# the goal is reached, with or without an open status: no "still open", no "still running"
whynow-over-1 = The { $campaign } has already { $over ->
    [yes] passed
   *[no] reached
} its goal.
whynow-over-2 = Whatever comes in now goes beyond the { $campaign }’s goal.
whynow-over-3 = The { $campaign } has { $over ->
    [yes] exceeded
   *[no] reached
} its goal; every further { $category ->
    [Spenden] donation adds to the total
    [Petition] signature adds to the count
   *[Brief] letter adds to the count
} beyond it.
whynow-deadline-soon-1 = { $category ->
    [Spenden] After the deadline, the fundraiser will not accept any more donations.
    [Petition] After the deadline, the petition will not accept any more signatures.
   *[Brief] After the deadline, no more letters will be collected for the campaign.
}
whynow-deadline-soon-2 = Time is short: once the deadline has passed, it will be too late to support the { $campaign }.
whynow-deadline-soon-3 = Time is short: if you want to take part, do it soon.
whynow-deadline-soon-4 = Time is running out.
# a later deadline, nothing known to be missing (never the headline's date)
whynow-deadline-later-1 = { $category ->
    [Spenden] The fundraiser takes donations until the deadline, but not after it.
    [Petition] The petition can be signed until the deadline, but not after it.
   *[Brief] The letter campaign collects letters until the deadline, but not after it.
}
whynow-deadline-later-2 = You can take part in the { $campaign } until the deadline.
whynow-deadline-later-3 = The { $campaign }’s deadline has not yet passed.
# no deadline, nothing known to be missing, the source says the campaign is open
whynow-open-1 = { $category ->
    [Spenden] The fundraiser is still accepting donations.
    [Petition] The petition can still be signed.
   *[Brief] The letter campaign is still running.
}
whynow-open-2 = { $category ->
    [Spenden] The fundraiser is open, so the total raised can still grow.
    [Petition] The petition is open and still collecting signatures.
   *[Brief] The letter campaign is open and still collecting letters.
}
# (not "still open": without a deadline nothing says the end is near; nor what the data does not give)
whynow-open-3 = { $category ->
    [Spenden] The fundraiser is open: you can donate now.
    [Petition] The petition is open: you can sign it now.
   *[Brief] The letter campaign is open: you can write a letter now.
}
# no deadline, nothing known to be missing, and nothing said about the status: no "still running", no
# "open", and nothing about what the source does not give
whynow-unknown-1 = { $category ->
    [Spenden] Whether you donate, and how much, is up to you.
    [Petition] Whether you sign the petition is up to you.
   *[Brief] Whether you take part with a letter is up to you.
}
whynow-unknown-2 = { $category ->
    [Spenden] A donation from you would support the project.
    [Petition] By signing, you would agree with the demand.
   *[Brief] With a letter, you would join the cause.
}

whyyou-1 = { $category ->
    [Spenden] With your donation, you support { $org } in the project.
    [Petition] With your signature, the demand that { $org } is making becomes yours too.
   *[Brief] Your letter is one more letter in the campaign that { $org } started.
}
whyyou-2 = { $category ->
    [Spenden] Any amount you give is added to the donations that { $org } is collecting.
    [Petition] If you agree with the demand that { $org } is making, add your name to it.
   *[Brief] With your letter, you take part in the letter campaign that { $org } has called for.
}
whyyou-3 = { $category ->
    [Spenden] Even a small amount adds to the total of the fundraiser that { $org } is running.
    [Petition] With your signature, you put your name to the demand.
   *[Brief] Every letter is one more for the cause – yours included.
}
whyyou-4 = { $category ->
    [Spenden] Your donation becomes part of what { $org } is raising for the project.
    [Petition] By signing, you endorse the demand that { $org } is making.
   *[Brief] A letter from you is one more letter for the cause that { $org } is pursuing.
}
whyyou-5 = { $category ->
    [Spenden] With a donation, you take part in the fundraiser run by { $org }.
    [Petition] If this issue matters to you, your signature puts that on record.
   *[Brief] Your letter shows that the cause matters not only to { $org }, but to you as well.
}
whyyou-6 = { $category ->
    [Spenden] Every donation, however small, adds to the amount { $org } is raising for the project.
    [Petition] With your signature you add your name to the demand that { $org } is making.
   *[Brief] With a letter, you join the cause that { $org } is pursuing.
}
whyyou-7 = { $category ->
    [Spenden] Your donation is a contribution to the project that { $org } is raising money for.
    [Petition] With your signature, you stand behind the demand that { $org } is making.
   *[Brief] With your letter, you put your own name to the cause that { $org } is pursuing.
}
whyyou-8 = { $category ->
    [Spenden] Whatever you give goes to the fundraiser that { $org } is running.
    [Petition] Signing puts your name to the demand that { $org } is making.
   *[Brief] Writing a letter adds your name to the cause that { $org } is pursuing.
}
whyyou-noorg-1 = { $category ->
    [Spenden] Even a small amount is added to the total raised.
    [Petition] With your signature you add your name to the demand.
   *[Brief] With a letter of your own, you join the cause.
}
whyyou-noorg-2 = { $category ->
    [Spenden] A donation goes to the fundraiser’s project.
    [Petition] With your signature you lend your voice to the petition’s cause.
   *[Brief] With a few sentences of your own, you give the cause one more voice.
}
whyyou-noorg-3 = { $category ->
    [Spenden] Your donation adds to the amount being raised for the project.
    [Petition] If the demand matters to you, your signature puts that on record.
   *[Brief] Your letter is one more letter for the cause.
}

impact-gap-1 = { $category ->
    [Spenden] Every donation narrows the gap to the fundraising goal.
    [Petition] Every signature brings the petition a step closer to its goal.
   *[Brief] Every letter brings the campaign a step closer to its goal.
}
impact-gap-2 = { $category ->
    [Spenden] Your donation brings the fundraiser’s goal a step closer.
    [Petition] Signatures are still needed to reach the goal – yours too.
   *[Brief] Letters are still needed to reach the goal – yours too.
}
impact-gap-3 = { $category ->
    [Spenden] Your contribution counts towards the { $goal } goal.
    [Petition] Your signature brings the goal of { $goalUnits } closer.
   *[Brief] Your letter brings the goal of { $goalUnits } closer.
}
impact-gap-4 = { $category ->
    [Spenden] Every euro brings the fundraiser closer to its goal.
    [Petition] Your signature is one of those still needed to reach the goal.
   *[Brief] Your letter is one of those still needed to reach the goal.
}
impact-gap-5 = { $category ->
    [Spenden] Your donation narrows the gap to the goal, euro by euro.
    [Petition] Every signature brings the goal closer – yours included.
   *[Brief] Every letter brings the goal closer – yours included.
}
impact-gap-6 = { $category ->
    [Spenden] On the way to the { $goal } goal, every euro counts.
    [Petition] On the way to the goal of { $goalUnits }, every single signature counts.
   *[Brief] On the way to the goal of { $goalUnits }, every single letter counts.
}
impact-tipping-1 = { $category ->
    [Petition] Every signature narrows the gap that, according to the platform, still remains.
   *[Brief] Every letter narrows the gap that, according to the platform, still remains.
}
impact-tipping-2 = { $category ->
    [Petition] Your signature is one of those the platform says are still needed.
   *[Brief] Your letter is one of those the platform says are still needed.
}
impact-over-1 = { $category ->
    [Spenden] Every further donation adds to the total raised.
    [Petition] Every further signature puts one more person behind the demand.
   *[Brief] Every further letter is one more for the cause.
}
impact-over-2 = { $category ->
    [Spenden] Your donation is added to the amount that reached the goal.
    [Petition] Your signature joins those that reached the goal.
   *[Brief] Your letter joins those that reached the goal.
}
impact-over-3 = { $category ->
    [Spenden] Even past the goal, your donation is added to the total raised.
    [Petition] Even past the goal, your signature adds your name to the demand.
   *[Brief] Even past the goal, your letter is one more for the cause.
}
impact-open-1 = { $category ->
    [Spenden] Your donation is added to what is being raised for the project.
    [Petition] Every signature puts one more person behind the demand.
   *[Brief] Every additional letter makes the case once more.
}
impact-open-2 = { $category ->
    [Spenden] With your donation, the amount raised for the project grows.
    [Petition] Your signature raises the number of signatories by one.
   *[Brief] With your letter you make the case yourself.
}
impact-open-3 = { $category ->
    [Spenden] Every donation adds to the total raised.
    [Petition] With every signature, the list of signatories grows longer.
   *[Brief] With every letter, the letter campaign grows by one letter.
}
impact-open-4 = { $category ->
    [Spenden] Your donation goes to the project.
    [Petition] Your signature is one more name on the petition.
   *[Brief] Your letter is one more that puts the cause forward.
}
