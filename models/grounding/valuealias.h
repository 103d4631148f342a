#pragma once
// Another way the documents write a knowledge value: the database says "USA", the documents
// "United States" (docs/METHODS.md §1.6.2). Kept per column; the judges and the auto linker
// accept the alias wherever they accept the value.
#include <QString>

namespace assay {

struct ValueAlias {
    enum class Source { User, Proposal };

    QString table;
    QString column;
    QString value;
    QString alias;
    Source source = Source::User;
    QString reason; // for an accepted proposal: why it was proposed ("acronym", …)

    bool sameKey(const ValueAlias &o) const { return table == o.table && column == o.column && value == o.value && alias == o.alias; }
    static QString sourceText(Source s) { return s == Source::Proposal ? QStringLiteral("proposal") : QStringLiteral("user"); }
    static Source sourceFrom(const QString &t) { return t == QLatin1String("proposal") ? Source::Proposal : Source::User; }
};

} // namespace assay
