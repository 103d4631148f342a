#pragma once
// Chooses the closed-domain setting (auto, on, off) wherever runs are scored or analysed,
// with the same words and the same default (auto) everywhere.
#include "scoring/closeddomain.h"

#include <QComboBox>

namespace assay {

class ClosedDomainBox : public QComboBox {
    Q_OBJECT
public:
    explicit ClosedDomainBox(QWidget *parent = nullptr);
    ClosedDomain::Setting setting() const;
    void setSetting(ClosedDomain::Setting setting);
};

} // namespace assay
