#include "closeddomainbox.h"

namespace assay {

ClosedDomainBox::ClosedDomainBox(QWidget *parent) : QComboBox(parent)
{
    setObjectName(QStringLiteral("closedDomain"));
    addItem(tr("Closed-domain rule: auto"), QStringLiteral("auto"));
    addItem(tr("Closed-domain rule: on"), QStringLiteral("on"));
    addItem(tr("Closed-domain rule: off"), QStringLiteral("off"));
    setToolTip(tr("GRAMMAR's closed-domain rule: an answer whose retrieval was judged wrong counts as Incorrect. "
                  "Auto applies it to runs whose reader writes the answer, not to retrieval-only runs, "
                  "where the verdict is already about retrieval."));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
}

ClosedDomain::Setting ClosedDomainBox::setting() const
{
    auto parsed = ClosedDomain::parse(currentData().toString());
    return parsed ? parsed.value() : ClosedDomain::Setting();
}

void ClosedDomainBox::setSetting(ClosedDomain::Setting setting) { setCurrentIndex(findData(ClosedDomain::name(setting))); }

} // namespace assay
