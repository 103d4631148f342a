#pragma once
// Enumerates SQL templates from the schema without an LLM: per table every meaningful target
// × every other meaningful condition column; two-placeholder AND conditions; one-hop joins
// along each foreign key (target on one side, condition on the other); and, for association
// tables with two foreign keys, a target of the association conditioned on both ends
// (GRAMMAR's "years working for [company] by [person]").
#include <QStringList>

namespace assay {

class KnowledgeBase;

class RuleEnumerator {
public:
    struct Options {
        bool singleCondition = true;
        bool twoConditions = true;
        bool joins = true;
        bool associations = true;
    };
    static QStringList enumerate(const KnowledgeBase &knowledge, const Options &options);
    static QStringList enumerate(const KnowledgeBase &knowledge) { return enumerate(knowledge, Options{}); }
    // A plain identifier as is, anything else in double quotes.
    static QString identifier(const QString &name);
};

} // namespace assay
