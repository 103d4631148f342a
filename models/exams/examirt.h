#pragma once
// IRT on an exam's stored takes: the response matrix (and the takers' factors, for a
// hierarchical fit) read from the project, the fit with optional iterative improvement, the
// Bloom-level and question-type groups of the items for the information curves, and saving
// each item's latest a, b, c back into the exam (shown in the review grid).
#include "exams/examitem.h"
#include "irt/classicalanalysis.h"
#include "irt/irtimprovement.h"

#include <nlohmann/json.hpp>

namespace assay {

class Database;
class Job;

struct ExamIrtResult {
    QString exam;
    qint64 examId = 0;
    IrtData data;
    QVector<IrtStep> steps;                 // step 0 is the fit on every accepted item
    QHash<QString, QStringList> bloom;      // item key → Bloom levels
    QHash<QString, QStringList> types;      // item key → question type
    QVector<ClassicalItem> classical;       // classical item analysis of the accepted items
    nlohmann::json validation;              // the short forms' last validation (ExamValidation; null: none)
    QStringList takerNotes;                 // why takers score below IR students (ExamTakerNotes::lines)
};

class ExamIrt {
public:
    static Result<ExamIrtResult> fit(Database &db, const QString &exam, const IrtOptions &options, int steps = 0, const IrtDropRule &rule = IrtDropRule(), Job *job = nullptr);
    // Each item's parameters from the last step that still held it (dropped items keep the
    // estimate of the fit they were dropped after).
    static QVector<ExamItem> parameters(const QVector<IrtStep> &steps);
    // Each item as the last step that still held it fitted it (its diagnostics beside the
    // parameters above: a dropped misfit keeps the S-X² it was dropped for).
    static QVector<IrtItem> lastHeld(const QVector<IrtStep> &steps);
    // The 2-D model's parameters per item (id = item key) when the fit compared two abilities.
    static QVector<IrtTwoDimItem> twoDimParameters(const QVector<IrtStep> &steps);
    // Stores the parameters and the settings of the fit they came from (settings()), with the
    // fit's summary (IrtFitSummary) and its item diagnostics (itemFit) unless the settings hold them.
    static Status save(Database &db, qint64 examId, const QVector<IrtStep> &steps, const nlohmann::json &settings);
    // The settings a fit was made with, stored beside its parameters so the IRT tab shows
    // them again: {"model": "auto"|"1pl"|"2pl"|"3pl", "bounds", "hierarchical", "estimator",
    // "dimensions", "steps", "drop": "a"|"misfit"|"information", "quantile", "from", "to"}.
    static nlohmann::json settings(const IrtOptions &options, int steps, const IrtDropRule &rule);
    // The item diagnostics the exam grid shows (standard errors, parameters on a bound, S-X² and
    // its adjusted p, RMSEA), kept under "item_fit" beside the parameters so a later session
    // marks the same misfits; and read back (items with those fields only; none stored: empty).
    static nlohmann::json itemFit(const QVector<IrtItem> &items);
    static QVector<IrtItem> storedItemFit(const nlohmann::json &settings);
    // The model stored parameters belong to: guessing fitted → "3pl", slopes → "2pl", else
    // "1pl"; empty without parameters.
    static QString storedModel(const QVector<ExamItem> &items);
    // A result made of the stored parameters alone (one step, no students, comparison or item
    // fit), with the items' Bloom levels and question types: what a report can say of an exam
    // fitted in an earlier session. No steps when no item has parameters.
    static ExamIrtResult fromStored(const QString &exam, const QVector<ExamItem> &items);
};

} // namespace assay
