#pragma once
// Proposes how the documents may write a knowledge value they never state as it is
// (docs/METHODS.md §1.6.2): an acronym written out ("USA" → "United States"), a name written as
// its initials ("United Kingdom" → "UK"), a number written another way ("1500000" →
// "1,500,000", "30.0" → "30"), an ISO date written out, and a spelling one edit away or without its punctuation
// ("Tokio" → "Tokyo", "e-mail" → "email"). FTS5 finds the candidate chunks; the proposal is
// the form as written there, counted over the chunks that hold it. The user accepts or not.
#include "core/result.h"

#include <QStringList>
#include <QVector>

namespace assay {

class CorpusStore;

class AliasProposer {
public:
    struct Proposal {
        QString alias;
        QString reason; // acronym, initials, number format, spelling, punctuation
        int chunks = 0; // chunks that hold it
    };

    explicit AliasProposer(CorpusStore &corpus) : m_corpus(corpus) {}
    // At most three proposals, the most frequent first.
    Result<QVector<Proposal>> propose(const QString &value);
    // Whether some chunk holds the phrase (compared as FTS5 tokens).
    Result<bool> occurs(const QString &text);

    // Pure helpers, tested on their own.
    // An FTS5 phrase: the text in double quotes, inner quotes doubled.
    static QString phrase(const QString &text);
    // The letters of an acronym ("U.S.A." and "USA" → "USA"), or empty when it is not one.
    static QString acronymLetters(const QString &value);
    // The word runs of `text` whose capitalised words' initials spell `letters` (or all but its
    // last letter, for three letters or more), with "of", "and", "the", "for" allowed between.
    static QStringList expansions(const QString &text, const QString &letters);
    // Optimal-string-alignment distance, case-insensitive.
    static int editDistance(const QString &a, const QString &b);

private:
    Result<QStringList> chunkTexts(const QString &match, int most);
    CorpusStore &m_corpus;
};

} // namespace assay
