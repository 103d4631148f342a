#pragma once
// Fills a SQL template in: the distinct values of every placeholder column in a fixed order
// (SELECT DISTINCT ... ORDER BY), their Cartesian product, each combination executed with
// its values bound as parameters. Combinations whose SQL returns no row or a NULL answer are
// skipped. The singular-answer rate is the share of answered combinations that return
// exactly one row.
#include "core/result.h"
#include "generation/semanticgroup.h"
#include "generation/sqltemplate.h"

#include <QHash>
#include <QVector>

#include <functional>

namespace assay {

class KnowledgeConnection;

class FillInEngine {
public:
    struct Outcome {
        QVector<SemanticGroup> groups;
        qint64 combinations = 0; // Cartesian product size
        qint64 skipped = 0;      // empty result or NULL answer
        double singularRate = -1; // < 0 when no combination was answered
    };

    explicit FillInEngine(const KnowledgeConnection &connection);
    // cancelled() is polled between combinations.
    Result<Outcome> run(const SqlTemplate &sqlTemplate, const std::function<bool()> &cancelled = {});
    Result<QVariantList> distinctValues(const Placeholder &placeholder);

private:
    const KnowledgeConnection &m_connection;
    QHash<QString, QVariantList> m_valueCache;
};

} // namespace assay
