// Double Metaphone: the letters with context rules from C to H, one function each, in the reference's
// order (see DoubleMetaphone.swift for the port's conventions and why these stay long).

extension MetaphoneEncoder {
    // MARK: Letters with context rules

    // Over 60 lines as the reference's case for C is: kept whole (see the file's header).
    mutating func encodeC() {
        // Various Germanic: "-ACH-" after a consonant, not followed by I, nor by E
        // unless "BACHER"/"MACHER" ("Bacharach", "Bacher").
        if current > 1, !isVowel(current - 2), stringAt(current - 1, "ACH"),
            char(current + 2) != "I",
            char(current + 2) != "E" || stringAt(current - 2, "BACHER", "MACHER")
        {
            add("K")
            current += 2
            return
        }

        // Special case "Caesar".
        if current == 0 && stringAt(current, "CAESAR") {
            add("S")
            current += 2
            return
        }

        // Italian "chianti".
        if stringAt(current, "CHIA") {
            add("K")
            current += 2
            return
        }

        if stringAt(current, "CH") {
            // "Michael".
            if current > 0 && stringAt(current, "CHAE") {
                add("K", "X")
                current += 2
                return
            }

            // Greek roots at the start, e.g. "chemistry", "chorus" (but not "chore").
            if current == 0,
                stringAt(current + 1, "HARAC", "HARIS") || stringAt(current + 1, "HOR", "HYM", "HIA", "HEM"),
                !stringAt(0, "CHORE")
            {
                add("K")
                current += 2
                return
            }

            // Germanic, Greek, or otherwise "ch" for the "kh" sound.
            if stringAt(0, "VAN ", "VON ") || stringAt(0, "SCH")
                // "architect" but not "arch"; "orchestra", "orchid".
                || stringAt(current - 2, "ORCHES", "ARCHIT", "ORCHID")
                || stringAt(current + 2, "T", "S")
                // "wachtler", "wechsler", but not "tichner".
                || ((stringAt(current - 1, "A", "O", "U", "E") || current == 0)
                    && stringAt(current + 2, "L", "R", "N", "M", "B", "H", "F", "V", "W", " "))
            {
                add("K")
            } else if current > 0 {
                if stringAt(0, "MC") {
                    add("K")  // "McHugh"
                } else {
                    add("X", "K")
                }
            } else {
                add("X")
            }
            current += 2
            return
        }

        // "Czerny" (but the CZ of "-WICZ" is handled by 'W').
        if stringAt(current, "CZ") && !stringAt(current - 2, "WICZ") {
            add("S", "X")
            current += 2
            return
        }

        // "focaccia".
        if stringAt(current + 1, "CIA") {
            add("X")
            current += 3
            return
        }

        // Double C, but not e.g. "McClellan".
        if stringAt(current, "CC") && !(current == 1 && char(0) == "M") {
            // "bellocchio" but not "bacchus".
            if stringAt(current + 2, "I", "E", "H") && !stringAt(current + 2, "HU") {
                if (current == 1 && char(current - 1) == "A") || stringAt(current - 1, "UCCEE", "UCCES") {
                    add("KS")  // "accident", "accede", "succeed"
                } else {
                    add("X")  // "bacci", "bertucci", other Italian
                }
                current += 3
                return
            }
            // Pierce's rule.
            add("K")
            current += 2
            return
        }

        if stringAt(current, "CK", "CG", "CQ") {
            add("K")
            current += 2
            return
        }

        if stringAt(current, "CI", "CE", "CY") {
            // Italian vs. English.
            if stringAt(current, "CIO", "CIE", "CIA") {
                add("S", "X")
            } else {
                add("S")
            }
            current += 2
            return
        }

        add("K")
        // Names written apart: "Mac Caffrey", "Mac Gregor" - the next word's first
        // letter is part of this sound.
        if stringAt(current + 1, " C", " Q", " G") {
            current += 3
        } else if stringAt(current + 1, "C", "K", "Q") && !stringAt(current + 1, "CE", "CI") {
            current += 2
        } else {
            current += 1
        }
    }

    mutating func encodeD() {
        if stringAt(current, "DG") {
            if stringAt(current + 2, "I", "E", "Y") {
                add("J")  // "edge"
                current += 3
            } else {
                add("TK")  // "edgar"
                current += 2
            }
            return
        }
        if stringAt(current, "DT", "DD") {
            add("T")
            current += 2
            return
        }
        add("T")
        current += 1
    }

    // Over 60 lines as the reference's case for G is: kept whole (see the file's header).
    mutating func encodeG() {
        if char(current + 1) == "H" {
            encodeGH()
            return
        }

        if char(current + 1) == "N" {
            if current == 1 && isVowel(0) && !isSlavoGermanic {
                add("KN", "N")
            } else if !stringAt(current + 2, "EY") && char(current + 1) != "Y" && !isSlavoGermanic {
                // Not e.g. "cagney". (The test for 'Y' right after 'G' can never fail
                // here since that letter is 'N'; the reference has it, so do we.)
                add("N", "KN")
            } else {
                add("KN")
            }
            current += 2
            return
        }

        // "tagliaro".
        if stringAt(current + 1, "LI") && !isSlavoGermanic {
            add("KL", "L")
            current += 2
            return
        }

        // -GES-, -GEP-, -GEL-, -GIE- ... at the beginning.
        if current == 0,
            char(current + 1) == "Y"
                || stringAt(current + 1, "ES", "EP", "EB", "EL", "EY", "IB", "IL", "IN", "IE", "EI", "ER")
        {
            add("K", "J")
            current += 2
            return
        }

        // -GER-, -GY-.
        if stringAt(current + 1, "ER") || char(current + 1) == "Y",
            !stringAt(0, "DANGER", "RANGER", "MANGER"),
            !stringAt(current - 1, "E", "I"),
            !stringAt(current - 1, "RGY", "OGY")
        {
            add("K", "J")
            current += 2
            return
        }

        // Italian, e.g. "biaggi".
        if stringAt(current + 1, "E", "I", "Y") || stringAt(current - 1, "AGGI", "OGGI") {
            if stringAt(0, "VAN ", "VON ") || stringAt(0, "SCH") || stringAt(current + 1, "ET") {
                add("K")  // obviously Germanic
            } else if stringAt(current + 1, "IER ") {
                add("J")  // always soft with the French ending (the space is the padding)
            } else {
                add("J", "K")
            }
            current += 2
            return
        }

        skip(doubling: "G")
        add("K")
    }

    mutating func encodeGH() {
        if current > 0 && !isVowel(current - 1) {
            add("K")
            current += 2
            return
        }

        // At the start: "ghislane", "ghiradelli".
        if current == 0 {
            if char(current + 2) == "I" {
                add("J")
            } else {
                add("K")
            }
            current += 2
            return
        }

        // Parker's rule (with some further refinements): "hugh", "bough", "broughton"
        // - a silent GH.
        if (current > 1 && stringAt(current - 2, "B", "H", "D"))
            || (current > 2 && stringAt(current - 3, "B", "H", "D"))
            || (current > 3 && stringAt(current - 4, "B", "H"))
        {
            current += 2
            return
        }

        if current > 2 && char(current - 1) == "U" && stringAt(current - 3, "C", "G", "L", "R", "T") {
            add("F")  // "laugh", "McLaughlin", "cough", "gough", "rough", "tough"
        } else if current > 0 && char(current - 1) != "I" {
            add("K")
        }
        current += 2
    }

    mutating func encodeH() {
        // Only kept at the start or between two vowels, and only before a vowel;
        // otherwise silent (this also takes care of "HH").
        if (current == 0 || isVowel(current - 1)) && isVowel(current + 1) {
            add("H")
            current += 2
        } else {
            current += 1
        }
    }
}
