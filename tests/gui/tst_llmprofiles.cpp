// Settings → LLM endpoints, offscreen, against the local endpoint: save with validation,
// Test connection shows latency and reply (or the exact error), the key is masked.
#include "testmain.h"
#include "dialogs/llmprofilespage.h"
#include "llm/llmprofilestore.h"
#include "testendpoint.h"
#include "testsettings.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

namespace tst_llmprofiles {

using namespace assay;

class TestLlmProfiles : public QObject {
    Q_OBJECT
    assay::test::TestEndpoint m_endpoint;

    QLineEdit *field(QWidget &page, int index) { return page.findChildren<QLineEdit *>().at(index); }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        qputenv("ASSAY_GUI_TEST_KEY", "sk-gui-SECRET-13579");
        QVERIFY(m_endpoint.start());
        m_endpoint.addFixture(QStringLiteral("pong"), QStringLiteral("pong"));
    }

    void saveValidatesAndTestConnects()
    {
        LlmProfilesPage page;
        page.resize(760, 520);
        page.show();
        field(page, 0)->setText(QStringLiteral("local"));
        field(page, 1)->setText(QStringLiteral("http://127.0.0.1:%1").arg(m_endpoint.port()));
        field(page, 2)->setText(QStringLiteral("test-model"));
        field(page, 3)->setText(QStringLiteral("ASSAY_GUI_TEST_KEY"));
        page.save();
        QVERIFY2(page.testResult().contains(QLatin1String("must end in /v1")), qPrintable(page.testResult()));
        QVERIFY(!LlmProfileStore::find(QStringLiteral("local")).ok());
        field(page, 1)->setText(m_endpoint.baseUrl());
        // The timeouts and the breaker are the profile's.
        page.findChild<QSpinBox *>(QStringLiteral("llmConnectTimeout"))->setValue(4);
        page.findChild<QSpinBox *>(QStringLiteral("llmFirstByteTimeout"))->setValue(33);
        page.findChild<QSpinBox *>(QStringLiteral("llmBreaker"))->setValue(6);
        page.findChild<QSpinBox *>(QStringLiteral("llmBreakerWindow"))->setValue(45);
        page.findChild<QSpinBox *>(QStringLiteral("llmRateLimitStop"))->setValue(90);
        page.findChild<QSpinBox *>(QStringLiteral("llmMaxReply"))->setValue(512);
        page.save();
        QVERIFY(LlmProfileStore::find(QStringLiteral("local")).ok());
        const LlmProfile saved = LlmProfileStore::find(QStringLiteral("local")).value();
        QCOMPARE(saved.connectTimeoutMs, 4000);
        QCOMPARE(saved.firstByteTimeoutMs, 33000);
        QCOMPARE(saved.breakerThreshold, 6);
        QCOMPARE(saved.breakerWindowMs, 45000);
        QCOMPARE(saved.rateLimitStopMs, 90000);
        QCOMPARE(saved.maxReplyBytes, 512 * 1024);
        QCOMPARE(page.findChild<QListWidget *>()->count(), 1);
        bool masked = false;
        for (QLabel *l : page.findChildren<QLabel *>()) {
            QVERIFY(!l->text().contains(QLatin1String("SECRET")));
            masked = masked || l->text() == QStringLiteral("sk-…3579");
        }
        QVERIFY(masked);
        page.findChild<QPushButton *>(QStringLiteral("llmTestConnection"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(page.testResult().contains(QLatin1String("pong")), 10000);
        QVERIFY(page.testResult().contains(QLatin1String("Answered in")));
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            page.grab().save(dir + QStringLiteral("/llm-profiles.png"));
        // The exact error when the server refuses.
        m_endpoint.script({{assay::test::TestEndpoint::Fault::Unauthorized, 0}});
        page.findChild<QPushButton *>(QStringLiteral("llmTestConnection"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(page.testResult().contains(QLatin1String("Incorrect API key provided")), 10000);
    }
};

ASSAY_TEST_MAIN(TestLlmProfiles)

} // namespace tst_llmprofiles
#include "tst_llmprofiles.moc"
