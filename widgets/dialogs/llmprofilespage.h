#pragma once
// Settings → LLM endpoints: the profiles in QSettings, added / edited / deleted here, and a
// "Test connection" that sends one tiny request and shows the latency and the reply, or the
// exact error. The API key is never shown in full.
#include <QWidget>

#include <memory>

class QListWidget;
class QLineEdit;
class QSpinBox;
class QDoubleSpinBox;
class QLabel;
class QCheckBox;

namespace assay {

class LlmClient;
struct LlmProfile;

class LlmProfilesPage : public QWidget {
    Q_OBJECT
public:
    explicit LlmProfilesPage(QWidget *parent = nullptr);
    ~LlmProfilesPage() override;
    QString testResult() const;

public slots:
    void save();
    void remove();
    void testConnection();

private:
    void reloadList(const QString &select = {});
    void showProfile(const QString &name);
    LlmProfile edited() const;

    QListWidget *m_list;
    QLineEdit *m_name;
    QLineEdit *m_baseUrl;
    QLineEdit *m_model;
    QLineEdit *m_keyEnv;
    QLabel *m_key;
    QCheckBox *m_inKeychain;
    QLineEdit *m_newKey;
    QSpinBox *m_concurrency;
    QSpinBox *m_rpm;
    QSpinBox *m_tpm;
    QSpinBox *m_timeout;
    QSpinBox *m_connectTimeout;
    QSpinBox *m_firstByteTimeout;
    QSpinBox *m_breaker;
    QSpinBox *m_breakerWindow;
    QSpinBox *m_rateLimitStop;
    QSpinBox *m_maxReplyKb;
    QSpinBox *m_retries;
    QDoubleSpinBox *m_priceIn;
    QDoubleSpinBox *m_priceOut;
    QDoubleSpinBox *m_judgeTemperature;
    QLabel *m_status;
    std::unique_ptr<LlmClient> m_testClient;
};

} // namespace assay
