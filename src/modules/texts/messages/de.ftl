# German wording of the built-in text generator (Project Fluent, https://projectfluent.org).
#
# The generator chooses the facts and which message to use; this file holds every word. An editor may
# change any text to the right of "=", and may add variants: a message whose name ends in -1, -2, …
# is one of a set, and the generator uses every number it finds (numbered without gaps). Keep the
# { $placeholders } a message already uses; the code fills them in. Numbers, amounts and dates arrive
# formatted; $n, $goalN, $gapN, $tippingN are the bare numbers for choosing singular or plural.
#
# Names of organisations and titles are never inflected: they always stand after a head noun
# ("der Verein …", "die Organisation …"), which carries the article and the case.

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
weekday-date = { $weekday }, { $day }. { $month }
euros = { $amount } €
percent = { $value } %

# The campaign: all three nouns are feminine, so "die", "der", "sie" fit each.
campaign = { $category ->
    [Spenden] Spendenaktion
    [Petition] Petition
   *[Brief] Briefaktion
}
# A campaign with its title: "Petition „Tempo 30 …“"; a title in another language is marked as such.
campaign-titled = { $campaign } „{ $title }“
campaign-titled-foreign = { $campaign } „{ $title }“ ({ $source ->
    [en] englischer
    [fr] französischer
   *[other] fremdsprachiger
  } Titel)

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

org-head-verein = Verein
org-head-organisation = Organisation
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
org-dat = { $gender ->
    [f] der
   *[other] dem
} { $headed }

## Summary: who is behind the campaign and until when (never "heute" or "in 5 Tagen": a summary is
## rewritten only when the cause's data changes)

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
summary-frame-date-9 = Die { $campaign } { $orgVon } ist bis zum { $date } geöffnet.

summary-frame-nodate-1 = Hinter der { $campaign } steht { $orgNom }.
summary-frame-nodate-2 = { $orgNom } hat die { $campaign } ins Leben gerufen; ein Enddatum ist nicht angegeben.
summary-frame-nodate-3 = Getragen wird die { $campaign } { $orgVon }.
summary-frame-nodate-4 = Die { $campaign } { $orgVon } hat kein festes Enddatum.
summary-frame-nodate-5 = Organisiert wird die { $campaign } { $orgVon }, ohne festes Enddatum.

# The organisation only published the item (an RSS feed without a named author): it is not said to
# be behind the campaign.
summary-frame-publisher-date-1 = Veröffentlicht wurde die { $campaign } { $orgVon }; sie läuft bis zum { $date }.
summary-frame-publisher-date-2 = Die { $campaign } läuft bis zum { $date }; erschienen ist sie { $orgBei }.
summary-frame-publisher-nodate-1 = Veröffentlicht wurde die { $campaign } { $orgVon }.
summary-frame-publisher-nodate-2 = Erschienen ist die { $campaign } { $orgBei }.

## Summary: progress

# current and goal known
summary-progress-both-1 = { $category ->
    [Spenden] Bisher sind { $current } von { $goal } zusammengekommen.
    [Petition] Zwischenstand: { $current } von { $goalDative }.
   *[Brief] Zwischenstand: { $current } von { $goalDative }.
}
summary-progress-both-2 = { $category ->
    [Spenden] Von den angestrebten { $goal } sind { $current } gespendet.
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
    [Spenden] Gesammelt sind bislang { $current }, das Ziel liegt bei { $goal }.
    [Petition] Bislang { $n ->
        [one] hat ein Mensch
       *[other] haben { $current } Menschen
    } unterschrieben, angestrebt { $goalN ->
        [one] ist
       *[other] sind
    } { $goalUnits }.
   *[Brief] Bislang { $n ->
        [one] ist
       *[other] sind
    } { $currentUnits } verschickt, angestrebt { $goalN ->
        [one] ist
       *[other] sind
    } { $goalUnits }.
}
summary-progress-both-4 = { $pct } des Ziels von { $goalDative } sind erreicht.
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
summary-progress-goalpct-1 = { $pct } des Ziels von { $goalDative } sind erreicht.
summary-progress-goalpct-2 = Vom Ziel von { $goalDative } sind { $pct } geschafft.
# only a percentage from the platform (no goal is known, so none is named)
summary-progress-pct-1 = Nach Angaben der Plattform liegt der Fortschritt bei { $pct }.
summary-progress-pct-2 = Die Plattform gibt den Fortschritt mit { $pct } an.
# only the count so far
summary-progress-current-1 = { $category ->
    [Spenden] Bisher sind { $current } zusammengekommen.
    [Petition] Bislang { $n ->
        [one] hat ein Mensch
       *[other] haben { $current } Menschen
    } unterschrieben.
   *[Brief] Zwischenstand: { $currentUnits }.
}

## Daily action (served from 02:00 until 02:00 the next day, so no "heute", "morgen" or "noch 3 Tage":
## the deadline is named by its weekday and date)

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
# a short title, when there is room, as a label before the call: „Tempo 30 vor allen Schulen in Köln“: …
headline-label = „{ $title }“: { $headline }

headline-soon-1 = Nur noch bis { $weekdayDate }: { $call }
headline-soon-2 = { $callCap } – die { $campaign } endet am { $weekdayDate }
headline-close-1 = Schon { $pct } geschafft: { $call }
headline-close-2 = { $callCap } und das Ziel erreichen helfen
headline-over-1 = Ziel { $over ->
    [yes] übertroffen
   *[no] erreicht
}: { $call } und den Erfolg ausbauen
headline-later-1 = { $callCap } – bis zum { $date } ist Zeit
headline-later-2 = Bis zum { $date }: { $call }
headline-open-1 = { $category ->
    [Spenden] Jeder Betrag zählt: { $call }
    [Petition] Ihre Stimme zählt: { $call }
   *[Brief] Ihre Worte zählen: { $call }
}
headline-open-2 = { $callCap } und die { $campaign } stärken

whynow-deadline-soon-1 = Die { $campaign } endet am { $weekdayDate } – danach ist keine Unterstützung mehr möglich.
whynow-deadline-soon-2 = Nur bis { $weekdayDate } nimmt die { $campaign } noch Unterstützung an.
whynow-deadline-later-1 = Zeit bleibt bis zum { $date }; je früher Sie mitmachen, desto länger wirkt Ihr Beitrag.
whynow-deadline-later-2 = Die { $campaign } nimmt Unterstützung bis zum { $date } an.
whynow-gap = { $category ->
    [Spenden] Bis zum Ziel fehlen noch { $gap }.
   *[other] Bis zum Ziel fehlen noch { $gapUnits }.
}
whynow-gap-one = { $category ->
    [Spenden] Bis zum Ziel fehlt noch { $gap }.
    [Petition] Bis zum Ziel fehlt nur noch eine Unterschrift.
   *[Brief] Bis zum Ziel fehlt nur noch ein Brief.
}
whynow-over-1 = Das Ziel ist { $over ->
    [yes] übertroffen
   *[no] erreicht
} – jede weitere Unterstützung verleiht dem Anliegen zusätzliches Gewicht.
whynow-pct = Laut Plattform steht der Fortschritt bei { $pct }: Es kommt auf jede weitere Unterstützung an.
whynow-open-1 = { $category ->
    [Spenden] Ein festes Enddatum gibt es nicht – doch je früher Spenden eingehen, desto früher können sie helfen.
    [Petition] Eine Petition gewinnt mit jeder Unterschrift an Gewicht, gerade solange sie läuft.
   *[Brief] Solange die Briefaktion läuft, kann jeder Brief die Entscheidung noch beeinflussen.
}

whyyou-1 = { $category ->
    [Spenden] Mit Ihrer Spende unterstützen Sie { $orgAcc } – auch ein kleiner Betrag zählt.
    [Petition] Ihre Unterschrift kostet Sie nur einen Moment und zeigt den Verantwortlichen, dass Ihnen das Anliegen wichtig ist.
   *[Brief] Ein persönlicher Brief von Ihnen zeigt den Adressaten, dass hinter dem Anliegen echte Menschen stehen.
}
whyyou-2 = { $category ->
    [Spenden] Sie entscheiden selbst, wie viel Sie geben: Jede Spende, ob groß oder klein, hilft { $orgDat } weiter.
    [Petition] Mit Ihrer Unterschrift stärken Sie die Forderung, für die { $orgNom } eintritt, und geben ihr mehr Gewicht.
   *[Brief] Mit Ihrem Brief unterstützen Sie { $orgAcc } und sprechen die Entscheidungsträger direkt an.
}
# The organisation only published the item: the text does not say it is behind the campaign.
whyyou-3 = { $category ->
    [Spenden] Schon ein kleiner Betrag hilft { $orgDat }, das Vorhaben umzusetzen.
    [Petition] Je mehr Menschen unterschreiben, desto schwerer können die Verantwortlichen die Forderung übergehen – Ihre Unterschrift zählt.
   *[Brief] Persönliche Briefe bleiben im Gedächtnis: Ihrer gibt dem Anliegen eine weitere Stimme.
}
whyyou-publisher = { $category ->
    [Spenden] Sie entscheiden selbst, wie viel Sie geben – auch ein kleiner Betrag zählt.
    [Petition] Ihre Unterschrift kostet Sie nur einen Moment und zeigt den Verantwortlichen, dass Ihnen das Anliegen wichtig ist.
   *[Brief] Ein persönlicher Brief von Ihnen zeigt den Adressaten, dass hinter dem Anliegen echte Menschen stehen.
}

impact-gap-1 = { $category ->
    [Spenden] Bis zum Spendenziel von { $goal } fehlen noch { $gap } – Ihre Spende verkleinert diese Lücke.
    [Petition] { $gapN ->
        [one] Bis zum Ziel von { $goalDative } fehlt nur noch eine Unterschrift – das kann Ihre sein.
       *[other] Bis zum Ziel von { $goalDative } fehlen noch { $gapAmount } – Ihre Unterschrift bringt die Petition dem Ziel näher.
    }
   *[Brief] { $gapN ->
        [one] Bis zum Ziel von { $goalDative } fehlt nur noch ein Brief – das kann Ihrer sein.
       *[other] Bis zum Ziel von { $goalDative } fehlen noch { $gapAmount } – Ihr Brief bringt die Briefaktion dem Ziel näher.
    }
}
# actionsToTippingPoint: how many more signatures or letters the platform thinks it takes until the
# campaign carries enough weight to be heard. Donations are counted in euros, this in donations, so
# it is never used for them.
impact-tipping-1 = { $category ->
    [Petition] { $tippingN ->
        [one] Nach Einschätzung der Plattform fehlt noch eine Unterschrift, bis die Petition genug Gewicht hat, um gehört zu werden – das kann Ihre sein.
       *[other] Nach Einschätzung der Plattform fehlen noch { $tippingUnits }, bis die Petition genug Gewicht hat, um gehört zu werden – Ihre zählt dazu.
    }
   *[Brief] { $tippingN ->
        [one] Nach Einschätzung der Plattform braucht es noch einen Brief, bis das Anliegen nicht mehr zu übergehen ist – das kann Ihrer sein.
       *[other] Nach Einschätzung der Plattform braucht es noch { $tippingUnits }, bis das Anliegen nicht mehr zu übergehen ist – Ihrer zählt dazu.
    }
}
impact-over-1 = { $category ->
    [Spenden] Das Ziel ist { $over ->
        [yes] übertroffen
       *[no] erreicht
    } – jede weitere Spende schafft zusätzlichen Spielraum.
    [Petition] Das Ziel ist { $over ->
        [yes] übertroffen
       *[no] erreicht
    } – jede weitere Unterschrift zeigt, wie viele Menschen hinter der Forderung stehen.
   *[Brief] Das Ziel ist { $over ->
        [yes] übertroffen
       *[no] erreicht
    } – jeder weitere Brief zeigt, wie viele Menschen hinter dem Anliegen stehen.
}
impact-open-1 = { $category ->
    [Spenden] Ihre Spende hilft, das Anliegen weiter voranzubringen.
    [Petition] Jede Unterschrift erhöht den Druck auf die Verantwortlichen, sich mit der Forderung zu befassen.
   *[Brief] Jeder zusätzliche Brief macht es schwerer, das Anliegen zu übergehen.
}

whynow-over-2 = Das Ziel ist { $over ->
    [yes] übertroffen
   *[no] erreicht
} – doch solange die { $campaign } läuft, zählt jede weitere Unterstützung.
whynow-open-2 = { $category ->
    [Spenden] Die Spendenaktion läuft ohne festes Enddatum – und sie kommt nur mit Unterstützung voran.
    [Petition] Die Petition hat kein festes Enddatum; ihr Gewicht wächst mit jeder Unterschrift.
   *[Brief] Die Briefaktion hat kein festes Enddatum – und jeder Brief verstärkt die Botschaft.
}
impact-gap-2 = { $category ->
    [Spenden] Noch { $gap } trennen die Spendenaktion von ihrem Ziel von { $goal } – jede Spende zählt.
    [Petition] { $gapN ->
        [one] Eine einzige Unterschrift fehlt noch bis zum Ziel von { $goalDative } – vielleicht Ihre.
       *[other] Noch { $gapAmount } Unterschriften, dann ist das Ziel von { $goalDative } erreicht – Ihre gehört dazu.
    }
   *[Brief] { $gapN ->
        [one] Ein einziger Brief fehlt noch bis zum Ziel von { $goalDative } – vielleicht Ihrer.
       *[other] Noch { $gapAmount } Briefe, dann ist das Ziel von { $goalDative } erreicht – Ihrer gehört dazu.
    }
}
impact-gap-3 = { $category ->
    [Spenden] Ihre Spende hilft, die fehlenden { $gap } bis zum Ziel von { $goal } zusammenzubringen.
    [Petition] { $gapN ->
        [one] Mit einer einzigen weiteren Unterschrift ist das Ziel von { $goalDative } erreicht.
       *[other] Ihre Unterschrift ist eine der { $gapAmount }, die bis zum Ziel von { $goalDative } noch fehlen.
    }
   *[Brief] { $gapN ->
        [one] Mit einem einzigen weiteren Brief ist das Ziel von { $goalDative } erreicht.
       *[other] Ihr Brief ist einer der { $gapAmount }, die bis zum Ziel von { $goalDative } noch fehlen.
    }
}
impact-tipping-2 = { $category ->
    [Petition] { $tippingN ->
        [one] Der Plattform zufolge fehlt der Petition nur noch eine Unterschrift, um genug Gewicht zu haben – vielleicht Ihre.
       *[other] Der Plattform zufolge braucht die Petition noch { $tippingUnits }, um genug Gewicht zu haben – Ihre kann eine davon sein.
    }
   *[Brief] { $tippingN ->
        [one] Der Plattform zufolge fehlt nur noch ein Brief, bis das Anliegen nicht mehr zu überhören ist – vielleicht Ihrer.
       *[other] Der Plattform zufolge fehlen noch { $tippingUnits }, bis das Anliegen nicht mehr zu überhören ist – Ihrer kann einer davon sein.
    }
}
impact-over-2 = Das Ziel ist { $over ->
    [yes] übertroffen
   *[no] erreicht
} – { $category ->
    [Spenden] weitere Spenden geben dem Vorhaben Sicherheit.
    [Petition] doch je mehr Menschen unterschreiben, desto stärker wirkt die Petition.
   *[Brief] doch jeder weitere Brief verstärkt die Botschaft.
}
impact-open-2 = { $category ->
    [Spenden] Mit Ihrer Spende kommt das Vorhaben einen Schritt weiter.
    [Petition] Ihre Unterschrift macht die Forderung lauter.
   *[Brief] Ihr Brief macht das Anliegen bei den Entscheidungsträgern sichtbar.
}
