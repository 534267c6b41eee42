// Double Metaphone: the letters with context rules from J to Z (C to H are in
// DoubleMetaphone+LettersCToH.swift).

extension MetaphoneEncoder {
    mutating func encodeJ() {
        // Obviously Spanish: "Jose", "San Jacinto".
        if stringAt(current, "JOSE") || stringAt(0, "SAN ") {
            // A lone "JOSE" is followed by a space: the padding, or the next name.
            if (current == 0 && char(current + 4) == " ") || stringAt(0, "SAN ") {
                add("H")
            } else {
                add("J", "H")
            }
            current += 1
            return
        }

        if current == 0 && !stringAt(current, "JOSE") {
            add("J", "A")  // "Yankelovich" / "Jankelowicz"
        } else if isVowel(current - 1) && !isSlavoGermanic && (char(current + 1) == "A" || char(current + 1) == "O") {
            add("J", "H")  // Spanish pronunciation of e.g. "bajador"
        } else if current == last {
            add("J", "")
        } else if !stringAt(current + 1, "L", "T", "K", "S", "N", "M", "B", "Z") && !stringAt(current - 1, "S", "K", "L") {
            add("J")
        }
        skip(doubling: "J")  // "it could happen!" says the reference
    }

    mutating func encodeL() {
        if char(current + 1) == "L" {
            // Spanish, e.g. "cabrillo", "gallegos": the LL is silent in the alternate.
            if (current == length - 3 && stringAt(current - 1, "ILLO", "ILLA", "ALLE"))
                || ((stringAt(last - 1, "AS", "OS") || stringAt(last, "A", "O")) && stringAt(current - 1, "ALLE"))
            {
                add("L", "")
                current += 2
                return
            }
            current += 2
        } else {
            current += 1
        }
        add("L")
    }

    mutating func encodeM() {
        // "dumb", "thumb", "plumber": the B after "UM" is silent at the end or before "ER".
        if (stringAt(current - 1, "UMB") && (current + 1 == last || stringAt(current + 2, "ER")))
            || char(current + 1) == "M"
        {
            current += 2
        } else {
            current += 1
        }
        add("M")
    }

    mutating func encodeP() {
        if char(current + 1) == "H" {
            add("F")
            current += 2
            return
        }
        // Also accounts for "campbell", "raspberry".
        if stringAt(current + 1, "P", "B") {
            current += 2
        } else {
            current += 1
        }
        add("P")
    }

    mutating func encodeR() {
        // French final R after "IE", e.g. "Rogier", but not "Hochmeier" (-MEIER, -MAIER).
        if current == last && !isSlavoGermanic && stringAt(current - 2, "IE") && !stringAt(current - 4, "ME", "MA") {
            add("", "R")
        } else {
            add("R")
        }
        skip(doubling: "R")
    }

    // Over 60 lines as the reference's case for S is: kept whole (see the file's header).
    mutating func encodeS() {
        // "island", "isle", "carlisle", "carlysle": a silent S.
        if stringAt(current - 1, "ISL", "YSL") {
            current += 1
            return
        }

        // "sugar-".
        if current == 0 && stringAt(current, "SUGAR") {
            add("X", "S")
            current += 1
            return
        }

        if stringAt(current, "SH") {
            if stringAt(current + 1, "HEIM", "HOEK", "HOLM", "HOLZ") {
                add("S")  // Germanic
            } else {
                add("X")
            }
            current += 2
            return
        }

        // Italian and Armenian.
        if stringAt(current, "SIO", "SIA") || stringAt(current, "SIAN") {
            if isSlavoGermanic {
                add("S")
            } else {
                add("S", "X")
            }
            current += 3
            return
        }

        // German and anglicisations: "Smith" should match "Schmidt", "Snider" match
        // "Schneider". Also -SZ- in Slavic languages (in Hungarian it is an 's').
        if (current == 0 && stringAt(current + 1, "M", "N", "L", "W")) || stringAt(current + 1, "Z") {
            add("S", "X")
            current += stringAt(current + 1, "Z") ? 2 : 1
            return
        }

        if stringAt(current, "SC") {
            // Schlesinger's rule.
            if char(current + 2) == "H" {
                // Dutch origin, e.g. "school", "schooner".
                if stringAt(current + 3, "OO", "ER", "EN", "UY", "ED", "EM") {
                    if stringAt(current + 3, "ER", "EN") {
                        add("X", "SK")  // "schermerhorn", "schenker"
                    } else {
                        add("SK")
                    }
                    current += 3
                    return
                }
                // (Positions 3 here are absolute, as in the reference: SCH at the start.)
                if current == 0 && !isVowel(3) && char(3) != "W" {
                    add("X", "S")
                } else {
                    add("X")
                }
                current += 3
                return
            }
            if stringAt(current + 2, "I", "E", "Y") {
                add("S")
                current += 3
                return
            }
            add("SK")
            current += 3
            return
        }

        // French final S after "AI"/"OI": "resnais", "artois".
        if current == last && stringAt(current - 2, "AI", "OI") {
            add("", "S")
        } else {
            add("S")
        }
        current += stringAt(current + 1, "S", "Z") ? 2 : 1
    }

    mutating func encodeT() {
        if stringAt(current, "TION") {
            add("X")
            current += 3
            return
        }
        if stringAt(current, "TIA", "TCH") {
            add("X")
            current += 3
            return
        }
        if stringAt(current, "TH") || stringAt(current, "TTH") {
            // "Thomas", "Thames", or Germanic: a plain T.
            if stringAt(current + 2, "OM", "AM") || stringAt(0, "VAN ", "VON ") || stringAt(0, "SCH") {
                add("T")
            } else {
                add("0", "T")  // "0" (zero) is the "th" sound
            }
            current += 2
            return
        }
        current += stringAt(current + 1, "T", "D") ? 2 : 1
        add("T")
    }

    mutating func encodeW() {
        // Can also be in the middle of a word.
        if stringAt(current, "WR") {
            add("R")
            current += 2
            return
        }

        if current == 0 && (isVowel(current + 1) || stringAt(current, "WH")) {
            if isVowel(current + 1) {
                add("A", "F")  // "Wasserman" should match "Vasserman"
            } else {
                add("A")  // "Uomo" should match "Womo"
            }
            // No return: like the reference, fall through to the rules below
            // (so "Witz" also gets the -WITZ rule).
        }

        // "Arnow" should match "Arnoff".
        if (current == last && isVowel(current - 1))
            || stringAt(current - 1, "EWSKI", "EWSKY", "OWSKI", "OWSKY")
            || stringAt(0, "SCH")
        {
            add("", "F")
            current += 1
            return
        }

        // Polish, e.g. "filipowicz".
        if stringAt(current, "WICZ", "WITZ") {
            add("TS", "FX")
            current += 4
            return
        }

        current += 1
    }

    mutating func encodeX() {
        // French final X: "breaux", "giroux".
        if !(current == last && (stringAt(current - 3, "IAU", "EAU") || stringAt(current - 2, "AU", "OU"))) {
            add("KS")
        }
        current += stringAt(current + 1, "C", "X") ? 2 : 1
    }

    mutating func encodeZ() {
        // Chinese pinyin, e.g. "zhao".
        if char(current + 1) == "H" {
            add("J")
            current += 2
            return
        }
        if stringAt(current + 1, "ZO", "ZI", "ZA") || (isSlavoGermanic && current > 0 && char(current - 1) != "T") {
            add("S", "TS")
        } else {
            add("S")
        }
        skip(doubling: "Z")
    }
}
