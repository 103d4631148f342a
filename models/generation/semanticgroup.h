#pragma once
#include <QStringList>
#include <QVariantList>

namespace assay {

// GRAMMAR's semantic group: one SQL template with one combination of fill-in values, and the
// ground truth the knowledge base gives for it.
struct SemanticGroup {
    QVariantList values;  // in the template's placeholder order, typed as stored
    QString answer;       // first column of the first row
    int rowCount = 0;     // rows the SQL returned (1 = a singular answer)
    QStringList documentIds; // from projected columns named doc_id / doc_ids / document_id

    QStringList valueTexts() const;
    // Adds the ids a projected document column holds: one id (doc_id, document_id) or, for a
    // list (doc_ids), ids split on commas and semicolons (docs/METHODS.md §1.6).
    void addDocumentIds(const QString &value, bool list);
    // The values as stored in the project: a JSON array keeping numbers as numbers.
    QString valuesJson() const;
    QByteArray valuesJsonUtf8() const; // the same, as UTF-8 bytes

    static QVariantList valuesFromJson(const QString &json);
};

} // namespace assay
