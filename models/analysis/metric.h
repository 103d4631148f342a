#pragma once
// A per-item metric (docs/ARCHITECTURE.md, "Add a metric with its chart"): one class that says
// what it is called, what it measures, which module of a RAG system it speaks for, what it
// needs from a run, and its value on one item. Everything else — the run aggregate with its
// interval, the comparison of two runs, the Analysis page's Metrics view, `analyze metrics`,
// the report, `export plots` and `gate --metric` — comes from MetricEvaluator and the
// registry (MetricRegistry), so a new metric is its class plus one registration.
#include "claims/claimmetrics.h"

#include <QString>
#include <QtNumeric>

namespace assay {

struct StoredRunItem;

// What a metric reads beyond the item itself; the evaluator loads only what some metric needs.
namespace MetricNeeds {
enum : int {
    Answers = 1,       // the item's response
    Chunks = 2,        // the retrieved chunks' ids and texts
    TrueDocuments = 4, // the item's known true documents
    Verdicts = 8,      // an answer judge's verdicts
    Claims = 16,       // a claim checker's claims and checks (claim_check)
    RetrievalVerdicts = 32, // a retrieval judge's verdicts
};
}

// One item as a metric sees it.
struct MetricItem {
    const StoredRunItem &item;
    bool hasResponse = true;              // false in a retrieval-only run
    const ClaimChecks *claims = nullptr;  // the checker's checks of this item; null: not checked
};

// A value, or why there is none: unknown (a verdict or check that could not be read, an item
// the checker left out) is never a zero, and "does not apply" (a generator metric on a
// retrieval-only run) is neither.
struct MetricValue {
    enum class State { Known, Unknown, NotApplicable };
    State state = State::Unknown;
    double value = qQNaN();
    static MetricValue known(double v) { return {State::Known, v}; }
    static MetricValue unknown() { return {State::Unknown, qQNaN()}; }
    static MetricValue notApplicable() { return {State::NotApplicable, qQNaN()}; }
};

class Metric {
public:
    // Bars: drawn in the metrics chart, one bar per run with its interval (shares, 0–100);
    // None: listed in tables only (a value on another scale).
    enum class Chart { Bars, None };
    virtual ~Metric() = default;
    virtual QString name() const = 0;     // the key: CLI arguments, JSON, stored values ("faithfulness")
    virtual QString label() const = 0;    // what tables and charts say ("Faithfulness")
    virtual QString glossary() const = 0; // "What is this?": one or two sentences
    virtual QString module() const = 0;   // retriever, generator, overall (or another part's name)
    virtual int needs() const = 0;        // MetricNeeds bits
    virtual bool higherIsBetter() const { return true; }
    // Values in [0, 1] shown ×100 (points); false: shown as they are.
    virtual bool share() const { return true; }
    virtual Chart chart() const { return share() ? Chart::Bars : Chart::None; }
    // The item's value. A failed item never reaches here (the evaluator counts it as failed).
    virtual MetricValue value(const MetricItem &item) const = 0;
};

} // namespace assay
