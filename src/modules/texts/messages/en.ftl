# English wording of the built-in text generator (Project Fluent, https://projectfluent.org).
#
# The generator chooses the facts and which message to use; this file holds every word. An editor may
# change any text to the right of "=", and may add variants: a message whose name ends in -1, -2, …
# is one of a set, and the generator uses every number it finds (numbered without gaps). Keep the
# { $placeholders } a message already uses; the code fills them in.
#
# When the source has no English title, the German title is shown as the campaign's German name
# ("the petition “Tempo 30 vor allen Schulen in Köln” (German title)"), never as English text.

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
weekday-date = { $weekday }, { $day } { $month }
euros = €{ $amount }
percent = { $value }%

campaign = { $category ->
    [Spenden] fundraiser
    [Petition] petition
   *[Brief] letter campaign
}
campaign-titled = { $campaign } “{ $title }”
campaign-titled-foreign = { $campaign } “{ $title }” ({ $source ->
    [de] German
    [fr] French
   *[other] original
  } title)

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
    [Spenden] With the { $campaign }, { $org } is raising money until { $date }.
    [Petition] With the { $campaign }, { $org } is collecting signatures until { $date }.
   *[Brief] With the { $campaign }, { $org } is asking people to write letters until { $date }.
}
summary-frame-date-4 = Organised by { $org }, the { $campaign } closes on { $date }.
summary-frame-date-5 = You can support the { $campaign } until { $date }; it was started by { $org }.
summary-frame-date-6 = The { $campaign } was launched by { $org } and ends on { $date }.
summary-frame-date-7 = Until { $date }, the { $campaign } by { $org } is open for support.
summary-frame-date-8 = { $org } started the { $campaign }; it closes on { $date }.
summary-frame-date-9 = The { $campaign } by { $org } accepts support until { $date }.

summary-frame-nodate-1 = { $org } is behind the { $campaign }.
summary-frame-nodate-2 = The { $campaign } was started by { $org } and has no fixed end date.
summary-frame-nodate-3 = Organised by { $org }, the { $campaign } has no set closing date.
summary-frame-nodate-4 = The { $campaign } is run by { $org }.
summary-frame-nodate-5 = { $org } launched the { $campaign }, which has no fixed end date.

summary-frame-publisher-date-1 = The { $campaign } was published by { $org } and runs until { $date }.
summary-frame-publisher-date-2 = Published by { $org }, the { $campaign } runs until { $date }.
summary-frame-publisher-nodate-1 = The { $campaign } was published by { $org }.
summary-frame-publisher-nodate-2 = Published by { $org }, the { $campaign } has no fixed end date.

## Summary: progress

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
    [Spenden] Of the { $goal } it aims for, { $current } has been donated.
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
    [Spenden] It has raised { $current } so far, towards a goal of { $goal }.
    [Petition] { $n ->
        [one] One person has
       *[other] { $current } people have
    } signed so far, out of a target of { $goalUnits }.
   *[Brief] { $currentUnits } { $n ->
        [one] has
       *[other] have
    } been sent so far, out of a target of { $goalUnits }.
}
summary-progress-both-4 = { $pct } of the goal of { $goalUnits } has been reached.
summary-progress-reached-1 = With { $currentUnits }, it has already { $over ->
    [yes] exceeded
   *[no] reached
} its goal of { $goalUnits }.
summary-progress-reached-2 = Its goal of { $goalUnits } has already been { $over ->
    [yes] exceeded
   *[no] reached
}, with { $currentUnits }.
summary-progress-goal-1 = The goal is { $goalUnits }.
summary-progress-goal-2 = It aims for { $goalUnits }.
summary-progress-goalpct-1 = { $pct } of the goal of { $goalUnits } has been reached.
summary-progress-goalpct-2 = It stands at { $pct } of its goal of { $goalUnits }.
summary-progress-pct-1 = According to the platform, its progress stands at { $pct }.
summary-progress-pct-2 = The platform puts its progress at { $pct }.
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

## Daily action (served from 02:00 until 02:00 the next day: the deadline is named by weekday and date)

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

headline-soon-1 = Open until { $weekdayDate }: { $call }
headline-soon-2 = { $callCap } – the { $campaign } closes on { $weekdayDate }
headline-close-1 = Already { $pct } there: { $call }
headline-close-2 = { $callCap } and help the { $campaign } reach its goal
headline-over-1 = Goal { $over ->
    [yes] exceeded
   *[no] reached
}: { $call } to build on it
headline-later-1 = { $callCap } – there is time until { $date }
headline-later-2 = Until { $date }: { $call }
headline-open-1 = { $category ->
    [Spenden] Every amount counts: { $call }
    [Petition] Your voice counts: { $call }
   *[Brief] Your words count: { $call }
}
headline-open-2 = { $callCap } and strengthen the { $campaign }

whynow-deadline-soon-1 = The { $campaign } closes on { $weekdayDate } – after that, it can no longer be supported.
whynow-deadline-soon-2 = Only until { $weekdayDate } does the { $campaign } accept support.
whynow-deadline-later-1 = There is time until { $date }; the sooner you join in, the longer your support counts.
whynow-deadline-later-2 = The { $campaign } accepts support until { $date }.
whynow-gap = { $category ->
    [Spenden] { $gap } is still needed to reach the goal.
   *[other] { $gapUnits } are still needed to reach the goal.
}
whynow-gap-one = { $category ->
    [Spenden] { $gap } is still needed to reach the goal.
    [Petition] Just one more signature is needed to reach the goal.
   *[Brief] Just one more letter is needed to reach the goal.
}
whynow-over-1 = The goal has been { $over ->
    [yes] exceeded
   *[no] reached
} – every further contribution gives the cause more weight.
whynow-pct = The platform puts its progress at { $pct }: every further contribution matters.
whynow-open-1 = { $category ->
    [Spenden] There is no fixed end date – but the sooner donations come in, the sooner they can help.
    [Petition] A petition gains weight with every signature, especially while it is still open.
   *[Brief] While the campaign is open, every letter can still influence the decision.
}

whyyou-1 = { $category ->
    [Spenden] Your donation supports { $org } – even a small amount makes a difference.
    [Petition] Signing takes only a moment and shows those responsible that this issue matters to you.
   *[Brief] A personal letter from you shows the recipients that real people stand behind this issue.
}
whyyou-2 = { $category ->
    [Spenden] You decide how much to give: every donation, large or small, helps { $org }.
    [Petition] By signing, you back the demand { $org } is making and give it more weight.
   *[Brief] With your letter, you support { $org } and speak directly to the people who make the decisions.
}
whyyou-3 = { $category ->
    [Spenden] Even a small amount helps { $org } put the plan into action.
    [Petition] The more people sign, the harder it is for those responsible to ignore the demand – your signature counts.
   *[Brief] Personal letters are remembered: yours gives the cause one more voice.
}
whyyou-publisher = { $category ->
    [Spenden] You decide how much to give – even a small amount makes a difference.
    [Petition] Signing takes only a moment and shows those responsible that this issue matters to you.
   *[Brief] A personal letter from you shows the recipients that real people stand behind this issue.
}

impact-gap-1 = { $category ->
    [Spenden] { $gap } is still missing from the { $goal } goal – your donation makes that gap smaller.
    [Petition] { $gapN ->
        [one] Just one more signature is needed to reach the goal of { $goalUnits } – it could be yours.
       *[other] { $gapUnits } are still needed to reach the goal of { $goalUnits } – yours brings the petition closer.
    }
   *[Brief] { $gapN ->
        [one] Just one more letter is needed to reach the goal of { $goalUnits } – it could be yours.
       *[other] { $gapUnits } are still needed to reach the goal of { $goalUnits } – yours brings the campaign closer.
    }
}
impact-tipping-1 = { $category ->
    [Petition] { $tippingN ->
        [one] The platform estimates that one more signature will give the petition enough weight to be heard – it could be yours.
       *[other] The platform estimates that another { $tippingUnits } are needed before the petition carries enough weight to be heard – yours counts.
    }
   *[Brief] { $tippingN ->
        [one] The platform estimates that one more letter will make the issue impossible to ignore – it could be yours.
       *[other] The platform estimates that it takes another { $tippingUnits } before the issue can no longer be ignored – yours counts.
    }
}
impact-over-1 = { $category ->
    [Spenden] The goal has been { $over ->
        [yes] exceeded
       *[no] reached
    } – every further donation creates more room to act.
    [Petition] The goal has been { $over ->
        [yes] exceeded
       *[no] reached
    } – every further signature shows how many people back the demand.
   *[Brief] The goal has been { $over ->
        [yes] exceeded
       *[no] reached
    } – every further letter shows how many people stand behind the issue.
}
impact-open-1 = { $category ->
    [Spenden] Your donation helps move this cause forward.
    [Petition] Every signature adds pressure on those responsible to deal with the demand.
   *[Brief] Every additional letter makes the issue harder to ignore.
}

whynow-over-2 = The goal has been { $over ->
    [yes] exceeded
   *[no] reached
} – but while the { $campaign } is open, every further contribution still counts.
whynow-open-2 = { $category ->
    [Spenden] The fundraiser has no fixed end date – and it only moves forward with support.
    [Petition] The petition has no fixed end date; its weight grows with every signature.
   *[Brief] The letter campaign has no fixed end date – and every letter strengthens the message.
}
impact-gap-2 = { $category ->
    [Spenden] The fundraiser is { $gap } short of its { $goal } goal – every donation counts.
    [Petition] { $gapN ->
        [one] A single signature stands between the petition and its goal of { $goalUnits } – perhaps yours.
       *[other] Another { $gapUnits } and the goal of { $goalUnits } is reached – yours could be one of them.
    }
   *[Brief] { $gapN ->
        [one] A single letter stands between the campaign and its goal of { $goalUnits } – perhaps yours.
       *[other] Another { $gapUnits } and the goal of { $goalUnits } is reached – yours could be one of them.
    }
}
impact-gap-3 = { $category ->
    [Spenden] Your donation helps raise the remaining { $gap } towards the { $goal } goal.
    [Petition] { $gapN ->
        [one] One more signature and the goal of { $goalUnits } is reached.
       *[other] Your signature is one of the { $gapAmount } still needed to reach the goal of { $goalUnits }.
    }
   *[Brief] { $gapN ->
        [one] One more letter and the goal of { $goalUnits } is reached.
       *[other] Your letter is one of the { $gapAmount } still needed to reach the goal of { $goalUnits }.
    }
}
impact-tipping-2 = { $category ->
    [Petition] { $tippingN ->
        [one] According to the platform, one more signature will give the petition enough weight – perhaps yours.
       *[other] According to the platform, the petition needs another { $tippingUnits } to carry enough weight – yours can be one of them.
    }
   *[Brief] { $tippingN ->
        [one] According to the platform, one more letter will make the issue impossible to ignore – perhaps yours.
       *[other] According to the platform, another { $tippingUnits } will make the issue impossible to ignore – yours can be one of them.
    }
}
impact-over-2 = The goal has been { $over ->
    [yes] exceeded
   *[no] reached
} – { $category ->
    [Spenden] further donations give the project security.
    [Petition] but the more people sign, the stronger the petition becomes.
   *[Brief] but every further letter strengthens the message.
}
impact-open-2 = { $category ->
    [Spenden] Your donation takes the project a step further.
    [Petition] Your signature makes the demand louder.
   *[Brief] Your letter puts the issue in front of the decision-makers.
}
