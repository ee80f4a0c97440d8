# German wording of the built-in text generator (Project Fluent, https://projectfluent.org).
#
# The generator chooses the facts and which message to use; this file holds every word. An editor may
# change any text to the right of "=", and may add variants: a message whose name ends in -1, -2, …
# is one of a set, and the generator uses every number it finds (numbered without gaps). Keep the
# { $placeholders } a message already uses; the code fills them in. Numbers, amounts and dates arrive
# formatted; $n, $goalN, $gapN, $tippingN are the bare numbers for choosing singular or plural.
#
# Names of organisations and titles are never inflected: they stand after a head noun taken from the
# legal form or the name ("der Verein …", "die Stiftung …"), which carries the article and the case, or,
# where the head noun is not certain (a person, an institution, a newsroom), in the nominative of a
# sentence that needs no article ("Hinter der Petition steht …", "Quelle der Petition ist …"; the messages
# with "-label-" in their name). Never as a form label ("Träger: …").
#
# After a colon: lowercase, unless a complete sentence follows (Duden); nouns and "Ihre" keep their capital.

## Names and units

month-1 = Januar
month-2 = Februar
month-3 = März
month-4 = April
month-5 = Mai
month-6 = Juni
month-7 = Juli
month-8 = August
month-9 = September
month-10 = Oktober
month-11 = November
month-12 = Dezember
weekday-0 = Sonntag
weekday-1 = Montag
weekday-2 = Dienstag
weekday-3 = Mittwoch
weekday-4 = Donnerstag
weekday-5 = Freitag
weekday-6 = Samstag
date = { $day }. { $month } { $year }
day-month = { $day }. { $month }
weekday-date = { $weekday }, { $day }. { $month }
euros = { $amount } €
percent = { $value } %

# The campaign: all three nouns are feminine, so "die", "der", "sie" fit each.
campaign = { $category ->
    [Spenden] Spendenaktion
    [Petition] Petition
   *[Brief] Briefaktion
}
# A campaign with its title: "Petition „Tempo 30 …“"; a title in another language is marked as such, with
# the adjective's ending the article before it needs: $case is nom after "die", obl after "der".
campaign-titled = { $campaign } „{ $title }“
campaign-titled-foreign = { $source ->
    [en] { $case ->
        [obl] englischsprachigen
       *[nom] englischsprachige
    }
   *[other] { $case ->
        [obl] fremdsprachigen
       *[nom] fremdsprachige
    }
  } { $campaign } „{ $title }“

units = { $category ->
    [Spenden] { $amount } €
    [Petition] { $n ->
        [one] { $amount } Unterschrift
       *[other] { $amount } Unterschriften
    }
   *[Brief] { $n ->
        [one] { $amount } Brief
       *[other] { $amount } Briefe
    }
}
# after "von": "von 4.000 Briefen"
units-dative = { $category ->
    [Spenden] { $amount } €
    [Petition] { $n ->
        [one] { $amount } Unterschrift
       *[other] { $amount } Unterschriften
    }
   *[Brief] { $n ->
        [one] { $amount } Brief
       *[other] { $amount } Briefen
    }
}

## The organisation: head noun + name, in the case the sentence needs
# $head is one of the head nouns below, or empty when the name itself begins with its head noun
# ("Initiative Schlafwagen statt Kurzstrecke"); $gender is m, f or n.

org-head-verein = { $case ->
    [gen] Vereins
   *[other] Verein
}
org-head-ggmbh = { $case ->
    [nom] gemeinnützige Gesellschaft
   *[other] gemeinnützigen Gesellschaft
}
org-head-gmbh = Gesellschaft
org-head-genossenschaft = Genossenschaft

org-nom = { $gender ->
    [m] der
    [n] das
   *[f] die
} { $headed }
org-von = { $gender ->
    [f] von der
   *[other] vom
} { $headed }
org-bei = { $gender ->
    [f] bei der
   *[other] beim
} { $headed }
org-fuer = { $gender ->
    [m] für den
    [n] für das
   *[f] für die
} { $headed }
org-acc = { $gender ->
    [m] den
    [n] das
   *[f] die
} { $headed }
org-gen = { $gender ->
    [f] der
   *[other] des
} { $headed }
org-dat = { $gender ->
    [f] der
   *[other] dem
} { $headed }

## Summary: who is behind the campaign and until when (never "heute" or "in 5 Tagen": a summary is
## rewritten only when the cause's data changes; never "kein festes Enddatum" when the source just names none)

summary-frame-date-1 = Die { $campaign } läuft bis zum { $date }; dahinter steht { $orgNom }.
summary-frame-date-2 = Ins Leben gerufen wurde die { $campaign } { $orgVon }; sie läuft bis zum { $date }.
summary-frame-date-3 = Getragen wird die { $campaign } { $orgVon }; sie endet am { $date }.
summary-frame-date-4 = { $action ->
    [Spenden] Mit der { $campaign } sammelt { $orgNom } bis zum { $date } Spenden.
    [Petition] Mit der { $campaign } sammelt { $orgNom } bis zum { $date } Unterschriften.
   *[Brief] Mit der { $campaign } ruft { $orgNom } bis zum { $date } dazu auf, Briefe zu schreiben.
}
summary-frame-date-5 = Hinter der { $campaign } steht { $orgNom }; sie endet am { $date }.
summary-frame-date-6 = Wer die { $campaign } unterstützen möchte, hat dafür bis zum { $date } Zeit; organisiert wird sie { $orgVon }.
summary-frame-date-7 = Bis zum { $date } läuft die { $campaign }, gestartet { $orgVon }.
summary-frame-date-8 = { $orgNom } hat die { $campaign } gestartet; Schluss ist am { $date }.
summary-frame-date-9 = Die { $campaign }, die { $orgNom } gestartet hat, läuft bis zum { $date }.

summary-frame-nodate-1 = Hinter der { $campaign } steht { $orgNom }.
summary-frame-nodate-2 = { $orgNom } hat die { $campaign } ins Leben gerufen.
summary-frame-nodate-3 = Getragen wird die { $campaign } { $orgVon }.
summary-frame-nodate-4 = Gestartet wurde die { $campaign } { $orgVon }.
summary-frame-nodate-5 = Organisiert wird die { $campaign } { $orgVon }.

# The organisation's name where no head noun is certain ("Deutscher Bundestag", "Maria Schmidt"): in the
# nominative subject or predicate, so it needs no article and no ending.
summary-frame-label-date-1 = Die { $campaign } läuft bis zum { $date }; dahinter steht { $org }.
summary-frame-label-date-2 = Hinter der { $campaign } steht { $org }; sie endet am { $date }.
summary-frame-label-date-3 = Bis zum { $date } läuft die { $campaign }; verantwortlich ist { $org }.
summary-frame-label-nodate-1 = Hinter der { $campaign } steht { $org }.
summary-frame-label-nodate-2 = Verantwortlich für die { $campaign } ist { $org }.

# The organisation only published the item (an RSS feed without a named author): it is not said to
# be behind the campaign.
summary-frame-publisher-date-1 = Veröffentlicht wurde die { $campaign } { $orgVon }; sie läuft bis zum { $date }.
summary-frame-publisher-date-2 = Die { $campaign } läuft bis zum { $date }; erschienen ist sie { $orgBei }.
summary-frame-publisher-nodate-1 = Veröffentlicht wurde die { $campaign } { $orgVon }.
summary-frame-publisher-nodate-2 = Erschienen ist die { $campaign } { $orgBei }.
summary-frame-publisher-label-date-1 = Die { $campaign } läuft bis zum { $date }; veröffentlicht wurde sie auf der Website { $org }.
summary-frame-publisher-label-date-2 = Veröffentlicht wurde die { $campaign } auf der Website { $org }; sie läuft bis zum { $date }.
summary-frame-publisher-label-nodate-1 = Veröffentlicht wurde die { $campaign } auf der Website { $org }.
summary-frame-publisher-label-nodate-2 = Die { $campaign } ist auf der Website { $org } erschienen.
# The same, for a publisher whose name does not read as a website's ("Deutscher Bundestag, Petitionsausschuss",
# which "auf der Website" would leave undeclined): the host of the action's page, where the item appeared.
summary-frame-publisher-host-date-1 = Die { $campaign } läuft bis zum { $date }; veröffentlicht wurde sie auf { $host }.
summary-frame-publisher-host-nodate-1 = Veröffentlicht wurde die { $campaign } auf { $host }.
# Without the page's address: the name as the nominative predicate.
summary-frame-publisher-source-date-1 = Die { $campaign } läuft bis zum { $date }; Quelle ist { $org }.
summary-frame-publisher-source-nodate-1 = Quelle der { $campaign } ist { $org }.

# A title that already says what it is ("Brief an den Kreistag: …", "Offener Brief: …") stands alone, as a label.
summary-title-label = „{ $title }“:

# neither an open status nor a deadline: the source does not say whether the action can still be joined
summary-status-unknown = { $category ->
    [Spenden] Ob noch gespendet werden kann, ist nicht bekannt.
    [Petition] Ob sie noch unterzeichnet werden kann, ist nicht bekannt.
   *[Brief] Ob man sich an der Briefaktion noch beteiligen kann, ist nicht bekannt.
}

## Summary: the source's words, quoted and attributed
# A sentence of the description is the source's, never the service's: it stands in quotation marks after
# words that say whose it is. $text is the quoted sentences as the source wrote them, with their own
# closing punctuation (the full stop stays inside: „… fahren.“, Duden) and their own quotation marks
# turned into the inner ones (‚…‘). Neutral verbs of saying ("schreiben", "heißt es"), never ones that
# judge ("behaupten", "räumen ein"), and no claim of what the sentence is ("beschreiben ihr Vorhaben so":
# it may state the problem, not the project).
# -organisers-: the organisation the summary names is behind the campaign and wrote its description, and it
# is an organisation (a head noun is certain): "die Initiatoren" are its people.
summary-quote-organisers-1 = In der Beschreibung der { $campaign } heißt es: „{ $text }“
summary-quote-organisers-2 = { $category ->
    [Spenden] Die Organisatoren schreiben
   *[other] Die Initiatoren schreiben
}: „{ $text }“
summary-quote-organisers-3 = Zur { $campaign } schreiben die { $category ->
    [Spenden] Organisatoren
   *[other] Initiatoren
}: „{ $text }“
summary-quote-organisers-4 = In ihrem Aufruf schreiben die { $category ->
    [Spenden] Organisatoren
   *[other] Initiatoren
}: „{ $text }“
summary-quote-organisers-5 = In ihrer Beschreibung schreiben die { $category ->
    [Spenden] Organisatoren
   *[other] Initiatoren
}: „{ $text }“
# -description-: the organisation only published the item, or its name may be a person's ("Maria Schmidt",
# no head noun is certain): the description is named, never the publisher as its author, and no plural
# "Initiatoren" for what may be one person. No "ihrer Beschreibung": "ihr" could be the publisher's.
summary-quote-description-1 = In der Beschreibung der { $campaign } heißt es: „{ $text }“
summary-quote-description-2 = Im Text zur { $campaign } heißt es: „{ $text }“

# The cause's own text is in another language than the summary, which has no sentence of it to quote
# (no translation is written): said plainly. $language: "auf Englisch", "in einer anderen Sprache".
text-language = { $code ->
    [en] auf Englisch
    [fr] auf Französisch
    [es] auf Spanisch
    [it] auf Italienisch
    [nl] auf Niederländisch
    [pl] auf Polnisch
   *[other] in einer anderen Sprache
}
# with $status unknown, the note on the status joins it, so the summary keeps to three sentences
summary-language = { $category ->
    [Petition] Die Petition ist { $language } verfasst
    [Spenden] Die Spendenaktion ist { $language } beschrieben
   *[Brief] Die Briefaktion ist { $language } beschrieben
}{ $status ->
    [unknown] { $category ->
        [Spenden] ; ob noch gespendet werden kann, ist nicht bekannt.
        [Petition] ; ob sie noch unterzeichnet werden kann, ist nicht bekannt.
       *[Brief] ; ob man sich an ihr noch beteiligen kann, ist nicht bekannt.
    }
   *[known] .
}

## Summary: progress

# the month the source last updated the figures, after a sentence with figures: "(Stand: März 2024)"
figures-as-of = Stand: { $month } { $year }

# current and goal known
summary-progress-both-1 = { $category ->
    [Spenden] Bisher { $n ->
        [one] ist
       *[other] sind
    } { $current } von { $goal } zusammengekommen.
    [Petition] Zwischenstand: { $current } von { $goalDative }.
   *[Brief] Zwischenstand: { $current } von { $goalDative }.
}
summary-progress-both-2 = { $category ->
    [Spenden] Von den angestrebten { $goal } { $n ->
        [one] ist
       *[other] sind
    } { $current } gespendet.
    [Petition] Das Ziel { $goalN ->
        [one] ist
       *[other] sind
    } { $goalUnits }; { $n ->
        [one] eine liegt
       *[other] { $current } liegen
    } schon vor.
   *[Brief] Das Ziel { $goalN ->
        [one] ist
       *[other] sind
    } { $goalUnits }; { $n ->
        [one] einer ist
       *[other] { $current } sind
    } schon geschrieben.
}
summary-progress-both-3 = { $category ->
    [Spenden] Gesammelt { $n ->
        [one] ist
       *[other] sind
    } bislang { $current }, das Ziel liegt bei { $goal }.
    [Petition] Bislang { $n ->
        [one] hat eine Person
       *[other] haben { $current } Menschen
    } unterschrieben, angestrebt { $goalN ->
        [one] ist
       *[other] sind
    } { $goalUnits }.
   *[Brief] Bislang { $n ->
        [one] ist
       *[other] sind
    } { $currentUnits } geschrieben, angestrebt { $goalN ->
        [one] ist
       *[other] sind
    } { $goalUnits }.
}
# (the count, not a percentage: a rounded one beside the exact gap of the action texts reads as a mismatch)
summary-progress-both-4 = { $category ->
    [Spenden] Erreicht { $n ->
        [one] ist
       *[other] sind
    } { $current } der angestrebten { $goal }.
    [Petition] Erreicht { $n ->
        [one] ist eine
       *[other] sind { $current }
    } der angestrebten { $goalUnits }.
   *[Brief] Erreicht { $n ->
        [one] ist einer
       *[other] sind { $current }
    } der angestrebten { $goalUnits }.
}
summary-progress-both-5 = { $category ->
    [Spenden] Zusammengekommen { $n ->
        [one] ist
       *[other] sind
    } { $current }; angestrebt werden { $goal }.
    [Petition] Unterschrieben { $n ->
        [one] hat bisher eine Person
       *[other] haben bisher { $current } Menschen
    }; das Ziel liegt bei { $goalDative }.
   *[Brief] Geschrieben { $n ->
        [one] ist bisher ein Brief
       *[other] sind bisher { $currentUnits }
    }; das Ziel liegt bei { $goalDative }.
}
summary-progress-both-6 = { $category ->
    [Spenden] Der Spendenstand liegt bei { $current } von { $goal }.
    [Petition] Bisher { $n ->
        [one] liegt eine
       *[other] liegen { $current }
    } von { $goalDative } vor.
   *[Brief] Bisher { $n ->
        [one] ist einer
       *[other] sind { $current }
    } von { $goalDative } geschrieben.
}
# a fundraiser's figures as the platform dated them: donated and still needed, no goal (a sentence ending
# "(Stand: …)"); $past: yes when they are older than the day the text is written (what stood then)
summary-progress-dated-open-1 = { $past ->
    [yes] Gespendet waren { $current }, es fehlten noch { $gap }.
   *[no] Gespendet { $n ->
        [one] ist
       *[other] sind
    } { $current }, es { $gapOne ->
        [yes] fehlt
       *[no] fehlen
    } noch { $gap }.
}
# the goal is reached or exceeded
summary-progress-reached-1 = Das Ziel von { $goalDative } ist mit { $currentDative } bereits { $over ->
    [yes] übertroffen
   *[no] erreicht
}.
summary-progress-reached-2 = Mit { $currentDative } hat die { $campaign } ihr Ziel von { $goalDative } schon { $over ->
    [yes] übertroffen
   *[no] erreicht
}.
# only the goal, or the goal and a percentage
summary-progress-goal-1 = Das Ziel liegt bei { $goalDative }.
summary-progress-goal-2 = Angestrebt { $goalN ->
    [one] ist
   *[other] sind
} { $goalUnits }.
summary-progress-goalpct-1 = Erreicht sind { $pct } des Ziels von { $goalDative }.
summary-progress-goalpct-2 = Vom Ziel von { $goalDative } sind { $pct } geschafft.
# only a percentage from the platform: whose figure it is and of what; the goal itself is not known
summary-progress-pct-1 = Nach Angaben der Plattform hat die { $campaign } { $pct } ihres Ziels erreicht.
summary-progress-pct-2 = Nach Angaben der Plattform steht die { $campaign } bei { $pct } ihres Ziels.
# only the count so far
summary-progress-current-1 = { $category ->
    [Spenden] Bisher { $n ->
        [one] ist
       *[other] sind
    } { $current } zusammengekommen.
    [Petition] Bislang { $n ->
        [one] hat eine Person
       *[other] haben { $current } Menschen
    } unterschrieben.
   *[Brief] Zwischenstand: { $currentUnits }.
}

## Daily action (served from 02:00 until 02:00 the next day, so no "heute", "morgen" or "noch 3 Tage":
## the deadline is named by its weekday and date). The headline carries the call and the deadline;
## whyNow what is missing and what happens after the deadline (never the headline's date, never the
## summary's percentage); the impact statement what one action adds (no count whyNow gives).

call = { $category ->
    [Spenden] jetzt spenden
    [Petition] jetzt unterschreiben
   *[Brief] jetzt einen Brief schreiben
}
call-cap = { $category ->
    [Spenden] Jetzt spenden
    [Petition] Jetzt unterschreiben
   *[Brief] Jetzt einen Brief schreiben
}
# a short title, when there is room, as a label before the call: „Tempo 30 vor allen Schulen in Köln“: jetzt …
headline-label = „{ $title }“: { $headline }

# Every sentence below says only what a data field says (the goal, the gap, the count, the deadline, the
# open status, the organisation) or what the reader's action literally is (a signature adds a name to the
# petition and to its count; a donation adds its amount to what is raised; a letter is one more letter of
# the campaign; the reader decides), or it is a plain call to act. No effect, support, attention or speed
# that no field states: not "hat Gewicht", "bewirkt", "wird wahrgenommen", "stärkt", "hilft", "Rückhalt",
# "Druck", "dauert nur einen Moment", nothing about how decision-makers react.

# deadline within 7 days
headline-soon-1 = Nur noch bis { $weekdayDate }: { $call }
headline-soon-2 = { $callCap } – die { $campaign } endet am { $weekdayDate }
headline-soon-3 = Noch bis { $weekdayDate } möglich: { $call }
headline-soon-4 = { $callCap } – Schluss ist am { $weekdayDate }
# a later deadline
headline-later-1 = { $callCap } – die { $campaign } läuft bis zum { $dateShort }
headline-later-2 = Läuft bis zum { $dateShort }: { $call }
headline-later-3 = Noch bis zum { $dateShort } möglich: { $call }
headline-later-4 = { $callCap } – die Frist endet am { $dateShort }
headline-later-5 = Bis { $dateShort }: { $call }
# no deadline; 70 to 99 % of the goal
headline-close-1 = Schon { $pct } geschafft: { $call }
headline-close-2 = { $callCap } – das Ziel ist zu { $pct } erreicht
headline-close-3 = Ziel zu { $pct } erreicht: { $call }
headline-over-1 = Ziel { $over ->
    [yes] übertroffen
   *[no] erreicht
}: { $call }
headline-over-2 = { $callCap } – das Ziel ist bereits { $over ->
    [yes] übertroffen
   *[no] erreicht
}
headline-open-1 = { $category ->
    [Spenden] Sie bestimmen den Betrag: { $call }
    [Petition] Ihr Name für die Forderung: { $call }
   *[Brief] Wenn Ihnen das Anliegen wichtig ist: { $call }
}
headline-open-2 = { $category ->
    [Spenden] { $callCap } und zum Spendenstand beitragen
   *[other] { $callCap } und sich der { $campaign } anschließen
}
headline-open-3 = { $category ->
    [Spenden] Ein Beitrag zur Spendenaktion: { $call }
    [Petition] Ihr Name auf der Petition: { $call }
   *[Brief] Machen Sie mit: { $call }
}
headline-open-4 = { $category ->
    [Spenden] Wenn Sie das Vorhaben unterstützen möchten: { $call }
    [Petition] Für die Forderung: { $call }
   *[Brief] Ein Brief mehr für das Anliegen: { $call }
}

# what is missing to the goal (there is a goal)
whynow-gap-1 = { $category ->
    [Spenden] Bis zum Ziel fehlen noch { $gap }.
   *[other] Bis zum Ziel fehlen noch { $gapUnits }.
}
whynow-gap-2 = { $category ->
    [Spenden] Zum Spendenziel fehlen noch { $gap }.
    [Petition] Noch { $gapUnits } braucht die Petition, um ihr Ziel zu erreichen.
   *[Brief] Noch { $gapUnits } braucht die Briefaktion, um ihr Ziel zu erreichen.
}
whynow-gap-3 = { $category ->
    [Spenden] Noch ist das Ziel nicht erreicht: Es fehlen { $gap }.
   *[other] Noch ist das Ziel nicht erreicht: Es fehlen { $gapUnits }.
}
whynow-gap-4 = { $category ->
    [Spenden] Die Spendenaktion braucht noch { $gap }, um ihr Ziel zu erreichen.
    [Petition] Es fehlen noch { $gapUnits } bis zum Ziel.
   *[Brief] Es fehlen noch { $gapUnits } bis zum Ziel.
}
whynow-gap-5 = { $category ->
    [Spenden] Damit das Ziel erreicht wird, werden noch { $gap } gebraucht.
   *[other] Damit das Ziel erreicht wird, werden noch { $gapUnits } gebraucht.
}
whynow-gap-6 = { $category ->
    [Spenden] Die Lücke zum Spendenziel beträgt noch { $gap }.
    [Petition] Zum Ziel fehlen der Petition noch { $gapUnits }.
   *[Brief] Zum Ziel fehlen der Briefaktion noch { $gapUnits }.
}
# what was missing when the source last updated its figures (older than the refresh): said in the past,
# with its month, never as if it were still so
whynow-gap-dated = { $gapN ->
    [one] Im { $month } { $year } fehlte { $category ->
        [Spenden] noch { $gap }
       *[other] noch { $gapUnits }
    } bis zum Ziel.
   *[other] Im { $month } { $year } fehlten { $category ->
        [Spenden] noch { $gap }
       *[other] noch { $gapUnits }
    } bis zum Ziel.
}
whynow-gap-one = { $category ->
    [Spenden] Bis zum Ziel fehlt noch { $gap }.
    [Petition] Bis zum Ziel fehlt nur noch eine Unterschrift.
   *[Brief] Bis zum Ziel fehlt nur noch ein Brief.
}
# actionsToTippingPoint, only without a goal: the threshold the platform states for this campaign, in
# signatures or letters (never for donations, which count in euros)
whynow-tipping-1 = Nach Angaben der Plattform fehlen noch { $tippingUnits }.
whynow-tipping-2 = Nach Angaben der Plattform braucht die { $campaign } noch { $tippingUnits }.
whynow-tipping-one = { $category ->
    [Petition] Nach Angaben der Plattform fehlt der Petition nur noch eine Unterschrift.
   *[Brief] Nach Angaben der Plattform fehlt der Briefaktion nur noch ein Brief.
}
# the goal is reached (the summary says so), with or without an open status: no "noch offen", no "läuft weiter"
whynow-over-1 = Das Ziel der { $campaign } ist bereits { $over ->
    [yes] übertroffen
   *[no] erreicht
}.
whynow-over-2 = Was jetzt dazukommt, geht über das Ziel der { $campaign } hinaus.
whynow-over-3 = Ihr Ziel hat die { $campaign } { $over ->
    [yes] übertroffen
   *[no] erreicht
}; { $category ->
    [Spenden] jede weitere Spende erhöht den Betrag
    [Petition] jede weitere Unterschrift erhöht die Zahl
   *[Brief] jeder weitere Brief erhöht die Zahl
} darüber hinaus.
# what happens after a deadline within 7 days (the headline names the date)
whynow-deadline-soon-1 = { $category ->
    [Spenden] Nach Ablauf der Frist nimmt die Spendenaktion keine Spenden mehr an.
    [Petition] Nach Ablauf der Frist nimmt die Petition keine Unterschriften mehr an.
   *[Brief] Nach Ablauf der Frist werden für die Briefaktion keine Briefe mehr gesammelt.
}
whynow-deadline-soon-2 = Viel Zeit bleibt nicht: Nach Fristende kann die { $campaign } nicht mehr unterstützt werden.
whynow-deadline-soon-3 = Die Zeit drängt: Wer mitmachen will, sollte es bald tun.
whynow-deadline-soon-4 = Die Zeit für diese { $campaign } wird knapp.
# a later deadline, nothing known to be missing (never the headline's date)
whynow-deadline-later-1 = { $category ->
    [Spenden] Bis zum Fristende nimmt die Spendenaktion Spenden an, danach nicht mehr.
    [Petition] Bis zum Fristende kann die Petition unterschrieben werden, danach nicht mehr.
   *[Brief] Bis zum Fristende sammelt die Briefaktion Briefe, danach nicht mehr.
}
whynow-deadline-later-2 = Bis zum Ende der Frist können Sie sich an der { $campaign } beteiligen.
whynow-deadline-later-3 = Die Frist der { $campaign } ist noch nicht abgelaufen.
# no deadline, nothing known to be missing, the source says the campaign is open
whynow-open-1 = { $category ->
    [Spenden] Die Spendenaktion nimmt weiterhin Spenden an.
    [Petition] Die Petition kann weiterhin unterschrieben werden.
   *[Brief] Die Briefaktion läuft weiterhin.
}
whynow-open-2 = { $category ->
    [Spenden] Die Spendenaktion ist offen; der Spendenstand kann weiter wachsen.
    [Petition] Die Petition ist offen und sammelt weiter Unterschriften.
   *[Brief] Die Briefaktion ist offen und sammelt weiter Briefe.
}
# (not "noch offen": without a deadline nothing says the end is near; nor what the data does not give)
whynow-open-3 = { $category ->
    [Spenden] Die Spendenaktion ist offen: Sie können jetzt spenden.
    [Petition] Die Petition ist offen: Sie können sie jetzt unterschreiben.
   *[Brief] Die Briefaktion ist offen: Sie können sich jetzt mit einem Brief beteiligen.
}
# no deadline, nothing known to be missing, and nothing said about the status: no "noch läuft", no "offen",
# and nothing about what the source does not give
whynow-unknown-1 = { $category ->
    [Spenden] Ob und wie viel Sie spenden, entscheiden Sie.
    [Petition] Ob Sie die Petition unterschreiben, entscheiden Sie.
   *[Brief] Ob Sie sich mit einem Brief beteiligen, entscheiden Sie.
}
whynow-unknown-2 = { $category ->
    [Spenden] Mit einer Spende würden Sie das Vorhaben unterstützen.
    [Petition] Mit Ihrer Unterschrift würden Sie der Forderung zustimmen.
   *[Brief] Mit einem Brief würden Sie sich dem Anliegen anschließen.
}

# whyYou, naming the organisation (behind the campaign, with a certain head noun)
whyyou-1 = { $category ->
    [Spenden] Ihre Spende geht an die Spendenaktion, die { $orgNom } organisiert.
    [Petition] Mit Ihrer Unterschrift machen Sie die Forderung, die { $orgNom } erhebt, zu Ihrer eigenen.
   *[Brief] Ihr Brief ist ein weiterer Brief der Aktion, die { $orgNom } gestartet hat.
}
whyyou-2 = { $category ->
    [Spenden] Jeder Betrag, den Sie geben, kommt zu den Spenden hinzu, die { $orgNom } sammelt.
    [Petition] Wenn Sie die Forderung teilen, für die { $orgNom } eintritt, setzen Sie Ihren Namen darunter.
   *[Brief] Mit Ihrem Brief beteiligen Sie sich an der Briefaktion, zu der { $orgNom } aufruft.
}
whyyou-3 = { $category ->
    [Spenden] Auch ein kleiner Betrag erhöht den Spendenstand der Aktion, die { $orgNom } organisiert.
    [Petition] Mit Ihrer Unterschrift setzen Sie Ihren Namen unter die Forderung.
   *[Brief] Jeder Brief ist einer mehr für das Anliegen – auch Ihrer.
}
whyyou-4 = { $category ->
    [Spenden] Ihre Spende wird Teil dessen, was { $orgNom } für das Vorhaben sammelt.
    [Petition] Wer unterschreibt, trägt die Forderung mit, die { $orgNom } erhebt.
   *[Brief] Ein Brief von Ihnen ist ein Brief mehr für das Anliegen, für das { $orgNom } eintritt.
}
whyyou-5 = { $category ->
    [Spenden] Mit einer Spende beteiligen Sie sich an der Spendenaktion, die { $orgNom } organisiert.
    [Petition] Wenn Ihnen das Anliegen wichtig ist, halten Sie das mit Ihrer Unterschrift fest.
   *[Brief] Ihr Brief zeigt, dass das Anliegen nicht nur { $orgDat } wichtig ist, sondern auch Ihnen.
}
whyyou-6 = { $category ->
    [Spenden] Jede Spende, auch eine kleine, erhöht den Betrag, den { $orgNom } für das Vorhaben sammelt.
    [Petition] Mit Ihrer Unterschrift schließen Sie sich der Forderung an, die { $orgNom } erhebt.
   *[Brief] Mit einem Brief schließen Sie sich dem Anliegen an, für das { $orgNom } eintritt.
}
whyyou-7 = { $category ->
    [Spenden] Ihre Spende ist ein Beitrag zu dem Vorhaben, für das { $orgNom } sammelt.
    [Petition] Mit Ihrer Unterschrift stellen Sie sich hinter die Forderung, die { $orgNom } erhebt.
   *[Brief] Mit Ihrem Brief vertreten Sie das Anliegen, für das { $orgNom } eintritt, unter Ihrem eigenen Namen.
}
# whyYou without the organisation: it only published the item, or its name has no certain head noun
whyyou-noorg-1 = { $category ->
    [Spenden] Auch ein kleiner Betrag kommt zum Spendenstand hinzu.
    [Petition] Mit Ihrer Unterschrift schließen Sie sich der Forderung an.
   *[Brief] Mit einem eigenen Brief schließen Sie sich dem Anliegen an.
}
whyyou-noorg-2 = { $category ->
    [Spenden] Eine Spende geht an das Vorhaben der Spendenaktion.
    [Petition] Mit Ihrer Unterschrift geben Sie dem Anliegen der Petition Ihre Stimme.
   *[Brief] Mit ein paar eigenen Sätzen geben Sie dem Anliegen eine Stimme mehr.
}
whyyou-noorg-3 = { $category ->
    [Spenden] Ihre Spende erhöht den Betrag, der für das Vorhaben gesammelt wird.
    [Petition] Wenn Ihnen die Forderung wichtig ist, zeigen Sie es mit Ihrer Unterschrift.
   *[Brief] Ihr Brief ist ein Brief mehr für das Anliegen.
}

# what one action adds, when there is a goal still to reach (whyNow gives the missing count)
impact-gap-1 = { $category ->
    [Spenden] Jede Spende verkleinert die Lücke bis zum Spendenziel.
    [Petition] Jede Unterschrift bringt die Petition ihrem Ziel ein Stück näher.
   *[Brief] Jeder Brief bringt die Briefaktion ihrem Ziel ein Stück näher.
}
impact-gap-2 = { $category ->
    [Spenden] Mit Ihrer Spende rückt das Ziel der Spendenaktion ein Stück näher.
    [Petition] Bis zum Ziel fehlen noch Unterschriften – auch Ihre.
   *[Brief] Bis zum Ziel fehlen noch Briefe – auch Ihrer.
}
impact-gap-3 = { $category ->
    [Spenden] Ihr Beitrag wird auf das Ziel von { $goal } angerechnet.
    [Petition] Mit Ihrer Unterschrift rückt das Ziel von { $goalDative } näher.
   *[Brief] Mit Ihrem Brief rückt das Ziel von { $goalDative } näher.
}
impact-gap-4 = { $category ->
    [Spenden] Jeder Euro bringt die Spendenaktion ihrem Ziel näher.
    [Petition] Ihre Unterschrift ist eine von denen, die bis zum Ziel noch fehlen.
   *[Brief] Ihr Brief ist einer von denen, die bis zum Ziel noch fehlen.
}
impact-gap-5 = { $category ->
    [Spenden] Ihre Spende verringert den Abstand zum Ziel – Euro für Euro.
    [Petition] Jede Unterschrift verkürzt den Weg zum Ziel – auch Ihre.
   *[Brief] Jeder Brief verkürzt den Weg zum Ziel – auch Ihrer.
}
impact-gap-6 = { $category ->
    [Spenden] Auf dem Weg zum Ziel von { $goal } zählt jeder Euro.
    [Petition] Auf dem Weg zum Ziel von { $goalDative } zählt jede einzelne Unterschrift.
   *[Brief] Auf dem Weg zum Ziel von { $goalDative } zählt jeder einzelne Brief.
}
# no goal, a threshold stated by the platform (signatures and letters only)
impact-tipping-1 = { $category ->
    [Petition] Jede Unterschrift verkleinert die Lücke, die nach Angaben der Plattform noch besteht.
   *[Brief] Jeder Brief verkleinert die Lücke, die nach Angaben der Plattform noch besteht.
}
impact-tipping-2 = { $category ->
    [Petition] Ihre Unterschrift ist eine von denen, die nach Angaben der Plattform noch fehlen.
   *[Brief] Ihr Brief ist einer von denen, die nach Angaben der Plattform noch fehlen.
}
# the goal is reached
impact-over-1 = { $category ->
    [Spenden] Jede weitere Spende erhöht den Spendenstand.
    [Petition] Mit jeder weiteren Unterschrift steht ein Mensch mehr hinter der Forderung.
   *[Brief] Jeder weitere Brief ist einer mehr für das Anliegen.
}
impact-over-2 = { $category ->
    [Spenden] Ihre Spende kommt zu dem Betrag hinzu, mit dem das Ziel erreicht wurde.
    [Petition] Ihre Unterschrift kommt zu denen hinzu, mit denen das Ziel erreicht wurde.
   *[Brief] Ihr Brief kommt zu denen hinzu, mit denen das Ziel erreicht wurde.
}
impact-over-3 = { $category ->
    [Spenden] Auch nach dem Ziel kommt Ihre Spende zum Spendenstand hinzu.
    [Petition] Auch nach dem Ziel schließen Sie sich mit Ihrer Unterschrift der Forderung an.
   *[Brief] Auch nach dem Ziel ist Ihr Brief einer mehr für das Anliegen.
}
# nothing known about a goal or threshold
impact-open-1 = { $category ->
    [Spenden] Ihre Spende kommt zu dem hinzu, was für das Vorhaben gesammelt wird.
    [Petition] Mit jeder Unterschrift steht ein Mensch mehr hinter der Forderung.
   *[Brief] Jeder zusätzliche Brief bringt das Anliegen ein weiteres Mal vor.
}
impact-open-2 = { $category ->
    [Spenden] Mit Ihrer Spende wächst der Betrag, der für das Vorhaben zusammenkommt.
    [Petition] Ihre Unterschrift erhöht die Zahl der Unterzeichnenden um eins.
   *[Brief] Mit Ihrem Brief tragen Sie das Anliegen selbst vor.
}
impact-open-3 = { $category ->
    [Spenden] Jede Spende erhöht den Spendenstand.
    [Petition] Mit jeder Unterschrift wird die Liste der Unterzeichnenden länger.
   *[Brief] Mit jedem Brief wächst die Briefaktion um einen Brief.
}
impact-open-4 = { $category ->
    [Spenden] Ihre Spende geht an das Vorhaben.
    [Petition] Ihre Unterschrift ist ein Name mehr auf der Petition.
   *[Brief] Ihr Brief ist einer mehr, der das Anliegen vorträgt.
}
