#pragma once
// Writes the demo documents from the demo world's rows: project reports, client profiles and
// staff notes, with varied phrasing. About 15% of the facts of every attribute are left out of
// every document (they become gap groups); client profiles and staff notes mention several
// entities (retrieval distractors). Each fact records the documents that state it.
#include "core/result.h"
#include "demo/demodocument.h"
#include "schema/importedschema.h"

#include <QVector>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class DemoCorpus {
public:
    static constexpr int omittedPercent = 15;

    static Result<DemoCorpus> generate(const ImportedSchema &world);

    const QVector<DemoDocument> &documents() const { return m_documents; }
    const QVector<DemoFact> &facts() const { return m_facts; }
    const DemoFact *fact(const QString &id) const;
    nlohmann::json factsJson() const;
    // DIR/corpus/<id>.txt for every document and DIR/facts.json.
    Status writeTo(const QString &dir) const;

private:
    QVector<DemoDocument> m_documents;
    QVector<DemoFact> m_facts;
};

} // namespace assay
